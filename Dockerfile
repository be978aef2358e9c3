# Haat Marketplace: one image that serves the API, the uploads and the built web app on port 3000.
#   docker build -t haat-marketplace .
#   docker run -p 3000:3000 -e JWT_SECRET=... -e DATABASE_URL=postgres://... haat-marketplace
# Without DATABASE_URL the embedded PGlite database is kept under /data (mount a volume there).
# No `# syntax=` line: BuildKit's built-in Dockerfile frontend builds this file (RUN --mount included), so nothing
# is fetched besides the base image.
#
# Base image: pin it by digest for reproducible builds. This repository was prepared on a machine with no access to
# an image registry, so no digest could be read and none is invented here; the tag is the default. To pin, read the
# digest of the tag you tested and pass or write it:
#   docker buildx imagetools inspect node:20-bookworm-slim      # "Digest: sha256:…" of the index
#   docker build --build-arg NODE_IMAGE=node:20-bookworm-slim@sha256:<digest> .
# (docs/operations.md, "Docker", keeps the same note for the compose file's postgres image.)
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- base: Node + pnpm (the version pinned by package.json "packageManager") --------------------------
FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm \
    PATH=/pnpm:$PATH \
    CI=true \
    TURBO_TELEMETRY_DISABLED=1 \
    DO_NOT_TRACK=1 \
    COREPACK_ENABLE_DOWNLOAD_PROMPT=0
RUN corepack enable && corepack prepare pnpm@10.34.8 --activate
WORKDIR /app

# ---- build: every dependency, then turbo builds the server bundle and the web app --------------------
FROM base AS build
# manifests first, so the dependency layer is reused while only sources change
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/client/package.json packages/client/
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store pnpm install --frozen-lockfile
COPY . .
# apps/server → apps/server/dist/index.js (esbuild, @mp/shared inlined); apps/web → apps/web/dist (vite)
RUN pnpm build \
 && test -f apps/server/dist/index.js \
 && test -f apps/web/dist/index.html \
 && test -d apps/server/drizzle

# ---- prod-deps: only the server's runtime dependencies ----------------------------------------------
FROM base AS prod-deps
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/client/package.json packages/client/
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --prod --filter @mp/server...

# ---- runtime -----------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    UPLOAD_DIR=/data/uploads \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app

COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/apps/server/node_modules ./apps/server/node_modules
# "type": "module" in apps/server/package.json makes node load dist/index.js as ESM
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
# migrations: src/db/client.ts resolves them as ../drizzle from apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
# the SPA: src/index.ts serves ../../web/dist from apps/server/dist (WEB_DIST overrides)
COPY --from=build /app/apps/web/dist ./apps/web/dist

# /data holds uploads (and the PGlite database when DATABASE_URL is unset); owned by the non-root user
RUN mkdir -p /data/uploads && chown -R node:node /data
VOLUME ["/data"]
USER node

EXPOSE 3000
# no curl in the slim image: node's fetch asks /api/health/ready (database reachable and not draining)
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# node handles SIGTERM itself: readiness off, drain SHUTDOWN_DRAIN_MS, finish requests in flight, exit 0
# (give `docker stop -t` at least SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS, 25 s by default).
# Backups of the embedded database: docker run ... node apps/server/dist/db-backup.js backup /data/backups
# Migrations before a release's instances start: docker run ... node apps/server/dist/db-migrate.js
CMD ["node", "apps/server/dist/index.js"]
