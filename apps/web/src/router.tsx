import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LOBBY_SCENE_ID } from '@atrium/assets/lobby-id';
import { RootLayout } from './layout/RootLayout.tsx';
import { lazyWithTimeout } from './routes/lazyWithTimeout.ts';
import { RouteError } from './routes/RouteError.tsx';
import { currentDistrictSubdomain } from './features/districts/currentDistrict.ts';

// Every page is its own chunk, wrapped in the TanStack Query provider unless it opts out with
// { queries: false } (pages that fetch nothing keep the first load small); only routes whose pages exist are registered (later issues add theirs).
const Home = lazyWithTimeout(() => import('./routes/HomePage.tsx'), { queries: false });
const Contact = lazyWithTimeout(() => import('./routes/ContactPage.tsx'), { queries: false });
const ComingSoon = lazyWithTimeout(() => import('./routes/ComingSoonPage.tsx'));
const Legal = lazyWithTimeout(() => import('./routes/LegalPage.tsx'), { queries: false });
const Solution = lazyWithTimeout(() => import('./routes/SolutionPage.tsx'), { queries: false });
const DigitalTransformation = lazyWithTimeout(() => import('./routes/DigitalTransformationPage.tsx'), { queries: false });
const ArtstepsMigration = lazyWithTimeout(() => import('./features/migration/ArtstepsMigrationPage.tsx'), { queries: false });
const NotFound = lazyWithTimeout(() => import('./routes/NotFoundPage.tsx'), { queries: false });
const Login = lazyWithTimeout(() => import('./features/auth/LoginPage.tsx'), { queries: false });
const AuthCallback = lazyWithTimeout(() => import('./features/auth/CallbackPage.tsx'), { queries: false });
const SilentCallback = lazyWithTimeout(() => import('./features/auth/SilentCallbackPage.tsx'), { queries: false });
const Profile = lazyWithTimeout(() => import('./features/profile/ProfilePage.tsx'));
const Settings = lazyWithTimeout(() => import('./features/settings/SettingsPage.tsx'));
// The viewer chunks carry the engine and three.js; nothing else imports them.
const Viewer = lazyWithTimeout(() => import('./features/viewer/ViewerPage.tsx'));
const EmbedViewer = lazyWithTimeout(() => import('./features/viewer/EmbedViewerPage.tsx'));
const Editor = lazyWithTimeout(() => import('./features/editor/EditorPage.tsx'));
const Explore = lazyWithTimeout(() => import('./features/explore/ExplorePage.tsx'));
const Resources = lazyWithTimeout(() => import('./features/resources/ResourcesPage.tsx'));
const Wallet = lazyWithTimeout(() => import('./features/marketplace/WalletPage.tsx'));
const Pricing = lazyWithTimeout(() => import('./features/marketplace/PricingPage.tsx'));
const Checkout = lazyWithTimeout(() => import('./features/marketplace/CheckoutPage.tsx'));
const DistrictHome = lazyWithTimeout(() => import('./features/districts/DistrictHome.tsx'));
const DistrictInvitation = lazyWithTimeout(() => import('./features/districts/InvitationPage.tsx'));
const DistrictMembers = lazyWithTimeout(() => import('./features/districts/MembersPage.tsx'));
const DistrictSettings = lazyWithTimeout(() => import('./features/districts/SettingsPage.tsx'));
const DistrictSetup = lazyWithTimeout(() => import('./features/districts/wizard/DistrictSetupPage.tsx'));

export const routes: RouteObject[] = [
  // Loaded in a hidden iframe by silent token renew: no header, footer or page chrome.
  { path: '/authentication/silent-callback', element: <SilentCallback /> },
  {
    path: '/',
    element: <RootLayout />,
    // Outer boundary for failures in the layout itself; page errors are caught below, inside the layout.
    errorElement: (
      <RootLayout>
        <RouteError />
      </RootLayout>
    ),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          // On {subdomain}.{public host} the home is the district's page (spec §2).
          { index: true, element: currentDistrictSubdomain() ? <DistrictHome /> : <Home /> },
          { path: 'contact', element: <Contact /> },
          { path: 'coming-soon', element: <ComingSoon /> },
          { path: 'terms-of-service', element: <Legal doc="terms-of-service" /> },
          { path: 'terms-of-service/professional-services', element: <Legal doc="professional-services" /> },
          { path: 'terms-of-service/data-processing', element: <Legal doc="data-processing" /> },
          { path: 'privacy-notice', element: <Legal doc="privacy-notice" /> },
          { path: 'refund-policy', element: <Legal doc="refund-policy" /> },
          { path: 'security', element: <Legal doc="security" /> },
          { path: 'solutions/:slug', element: <Solution /> },
          { path: 'digital-transformation', element: <DigitalTransformation /> },
          { path: 'artsteps-migration', element: <ArtstepsMigration /> },
          { path: 'login', element: <Login /> },
          { path: 'authentication/callback', element: <AuthCallback /> },
          { path: 'user', element: <Profile /> },
          { path: 'user/:userId', element: <Profile /> },
          { path: 'user/:userId/:category', element: <Profile /> },
          { path: 'user/:userId/:category/:subcategory', element: <Profile /> },
          { path: 'settings', element: <Settings /> },
          { path: 'explore', element: <Explore /> },
          // "Explore in 3D": the seeded lobby space, whose portals lead to the featured spaces.
          { path: 'explore/3d', element: <Navigate replace to={`/viewer/${LOBBY_SCENE_ID}`} /> },
          { path: 'resources/*', element: <Resources /> },
          { path: 'wallet', element: <Wallet /> },
          { path: 'pricing', element: <Pricing /> },
          { path: 'checkout/:sessionId', element: <Checkout /> },
          // A district's own pages (on its subdomain): the emailed invitation link and member management.
          { path: 'invitation/:id', element: <DistrictInvitation /> },
          { path: 'members/:tab', element: <DistrictMembers /> },
          { path: 'district-settings', element: <DistrictSettings /> },
          // A district's categories (spec §2 "/{category}/{subcategory}"): only on a district host.
          ...(currentDistrictSubdomain()
            ? [
                { path: 'spaces/:subcategory', element: <DistrictHome /> },
                { path: 'library/:subcategory', element: <DistrictHome /> },
                { path: 'groups/:subcategory?', element: <DistrictHome /> },
              ]
            : []),
          // The district setup wizard (spec §2), and where its card checkout returns to.
          { path: 'district-setup', element: <DistrictSetup /> },
          { path: 'viewer/embed/:sceneId', element: <EmbedViewer /> },
          { path: 'viewer/:sceneId', element: <Viewer /> },
          { path: 'curate', element: <Editor /> },
          { path: 'editor/:sceneId', element: <Editor /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
