# Production image. Node 24 comes from the `node` npm dependency like everywhere else.
FROM debian:bookworm-slim AS base
RUN apt-get update && apt-get install -y --no-install-recommends nodejs npm ca-certificates ffmpeg janus \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app

FROM base AS build
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/engine/package.json packages/engine/
COPY packages/assets/package.json packages/assets/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -- --force

FROM base
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
COPY --from=build /app /app
VOLUME /data
EXPOSE 3000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node_modules/.bin/node", "apps/server/src/main.ts"]
