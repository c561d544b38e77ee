# One build, three images: `--target api`, `--target worker` (with Debian's Chromium), `--target mh-simulator`.
# The workflow bundle is built at image build time so the worker starts without webpack.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
COPY packages ./packages
COPY apps ./apps
RUN npm ci --no-audit --no-fund && npx tsc -b && node apps/worker/dist/bundle.js /app/workflow-bundle.js && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node

FROM runtime AS api
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.API_PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "apps/api/dist/main.js"]

FROM runtime AS mh-simulator
EXPOSE 3100
CMD ["node", "apps/mh-simulator/dist/main.js"]

FROM node:20-bookworm-slim AS worker
USER root
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production CHROMIUM_PATH=/usr/bin/chromium WORKFLOW_BUNDLE_PATH=/app/workflow-bundle.js
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
HEALTHCHECK --interval=30s --timeout=5s CMD pgrep -f apps/worker/dist/main.js >/dev/null
CMD ["node", "apps/worker/dist/main.js"]
