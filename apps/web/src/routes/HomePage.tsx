import { Suspense, useEffect, useRef, useState } from 'react';
import { Audiences } from '../features/home/Audiences.tsx';
import { Faq } from '../features/home/Faq.tsx';
import { Features } from '../features/home/Features.tsx';
import { Hero } from '../features/home/Hero.tsx';
import { Premade } from '../features/home/Premade.tsx';
import { Steps } from '../features/home/Steps.tsx';
import { lazyWithTimeout } from './lazyWithTimeout.ts';

// The form (react-hook-form, zod, country select) sits at the bottom of the page; loading it as its own
// chunk keeps the first paint of home light.
const ContactSection = lazyWithTimeout(() => import('../features/home/ContactSection.tsx'), { queries: false });

/** Starts loading the form when the visitor scrolls within a screen of it (or follows a #contact link). */
function DeferredContact() {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => window.location.hash === '#contact' || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: '800px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return (
    <div id="contact" ref={ref} style={{ minHeight: seen ? undefined : 640, scrollMarginTop: 80 }}>
      {seen && (
        <Suspense fallback={<div style={{ minHeight: 640 }} />}>
          <ContactSection />
        </Suspense>
      )}
    </div>
  );
}

export default function HomePage() {
  return (
    <>
      <Hero />
      <Steps />
      <Features />
      <Audiences />
      <Premade />
      <Faq />
      <DeferredContact />
    </>
  );
}
