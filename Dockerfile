# Production image: build in one stage, run the bundled server as a non-root user in a slim one.
# docker build -t tapcard . && docker run -p 3000:3000 -e AUTH_SECRET=$(openssl rand -hex 32) -v tapcard-data:/data tapcard

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
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
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# migrations first (a failure stops the container with its one-line reason), then the server as PID 1's
# child via exec, so SIGTERM reaches it and in-flight requests finish
CMD ["sh", "-c", "node dist/server/migrate.js && exec node dist/server/main.js"]
