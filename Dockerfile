# The shop server image for compose.yaml (docs/deployment.md): Node 24 LTS, built from the
# repository, no host node_modules. Build: `docker build -t lithobox .`
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 DATA_DIR=/data WEB_DIST=/app/dist/web HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready = the database answers, storage can be written, not shutting down (/api/ready).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Heap cap as scripts/server-runtime.mjs (decision 082).
CMD ["node", "--enable-source-maps", "--max-old-space-size=192", "--max-semi-space-size=16", "dist/server/main.js"]
