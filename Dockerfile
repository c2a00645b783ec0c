# Production image in three stages: the build (every dependency, `npm ci` from the lockfile), the
# production dependencies alone, and the runtime, which holds the built server, those dependencies and
# Node, and no npm, compiler or other build tool. It runs as the unprivileged `node` user under tini.
#   docker build -t tapcard .
#   docker run -p 3000:3000 -e AUTH_SECRET=$(openssl rand -hex 32) -e SMTP_URL=smtps://… -v tapcard-data:/data tapcard
# Node is .node-version's (tests/unit/dockerfile.test.ts holds the two equal).

FROM node:24.22.3-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.22.3-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24.22.3-bookworm-slim AS runtime
# tini as PID 1: it passes SIGTERM on to the server (which finishes its requests and stops its workers)
# and reaps the processes the server's children leave. npm, npx, corepack and yarn come with the base
# image and are removed: nothing here installs or builds. fonts-dejavu-core: the font sharp (librsvg)
# draws a meeting background's words in (server/card-kit/background.ts); the slim image has none.
RUN apt-get update \
    && apt-get install -y --no-install-recommends tini fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/* \
    && rm -rf /usr/local/lib/node_modules /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
        /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-*
# The old-generation heap capped at 128 MB: without a cap V8 lets the heap grow to about twice its live
# size before collecting, and one process with full caches passes 256 MB resident pass after pass. 128
# leaves the server 64 MB beside the default 64 MB cache (CACHE_MB); a larger CACHE_MB needs a cap of
# 64 MB more, and the server refuses to start, saying so, when the cap is smaller. The young generation's
# halves at 4 MB (16 MB by default): requests make short-lived garbage fast, and the larger nursery kept
# about 12 MB more resident at the peak, for no measurable speed (npm run bench:memory and
# tests/api/memory-budget.test.ts read this setting and run the app with it).
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-old-space-size=128 --max-semi-space-size=4" \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# /data: this server's own folder (the embedded database, or with PostgreSQL its spilled counts);
# /photos: MEDIA_DIR where compose sets it, one volume the servers of a machine share. Both belong to
# `node`, so a new volume mounted on either starts writable.
RUN mkdir -p /data /photos && chown node:node /data /photos
USER node
VOLUME ["/data"]
EXPOSE 3000
# a start period: the first start migrates the database, which on a large one takes longer than the
# checks' interval; failures within it do not count
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# the server migrates the database at start (a failure stops it with its one-line reason); run as tini's
# child, so SIGTERM reaches it and in-flight requests finish
CMD ["node", "dist/server/main.js"]
