# Build stage: everything, including the client build tools.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies, the built client and server (the Prisma client is compiled
# into dist/server), migrations and the start scripts. No sources: scripts/start.mjs then builds
# nothing. Everything is owned by root and read-only to the server's user; only /data is writable.
# scripts/check-runtime-image.sh reproduces this stage without Docker (CI runs it): keep them in step.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts ./scripts
# The embedded database and the generated JWT secret live in DATA_DIR: a named volume mounted here
# starts as a copy of this folder, owned by the unprivileged user.
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME /data
EXPOSE 3000
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Applies pending migrations (Prisma's Wasm schema engine), then runs the built server under the
# supervisor, which restarts it if it dies.
CMD ["node", "scripts/start.mjs"]
