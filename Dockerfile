# One build, three images: `--target api`, `--target worker` (with Debian's Chromium), `--target mh-simulator`.
# The workflow bundle is built at image build time so the worker starts without webpack.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is rebuilt only when one of them changes. The workspaces are
# copied piece by piece because a checkout also holds their node_modules, dist and tsbuildinfo files.
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
COPY packages/config/package.json packages/config/tsconfig.json packages/config/
COPY packages/domain/package.json packages/domain/tsconfig.json packages/domain/
COPY packages/contract/package.json packages/contract/tsconfig.json packages/contract/
COPY packages/store/package.json packages/store/tsconfig.json packages/store/
COPY packages/activities/package.json packages/activities/tsconfig.json packages/activities/
COPY apps/mh-simulator/package.json apps/mh-simulator/tsconfig.json apps/mh-simulator/
COPY apps/worker/package.json apps/worker/tsconfig.json apps/worker/
COPY apps/api/package.json apps/api/tsconfig.json apps/api/
COPY packages/client/package.json packages/client/tsconfig.json packages/client/
# `npm ci` refuses this lock file (it lacks other platforms' optional swc and unrs packages, see
# scripts/prepare.js); `npm install` installs the locked versions all the same.
RUN npm install --no-audit --no-fund
COPY packages/config/src packages/config/src
COPY packages/domain/src packages/domain/src
COPY packages/contract/src packages/contract/src
COPY packages/store/src packages/store/src
COPY packages/activities/src packages/activities/src
COPY apps/mh-simulator/src apps/mh-simulator/src
COPY apps/worker/src apps/worker/src
COPY apps/api/src apps/api/src
COPY packages/client/src packages/client/src
RUN npx tsc -b && node apps/worker/dist/bundle.js /app/workflow-bundle.js && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Owned by root: the processes read their code but cannot change it.
COPY --from=build /app /app
# Numeric (the image's `node` user), so that Kubernetes' runAsNonRoot can check it.
USER 1000:1000

FROM runtime AS api
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+(process.env.API_PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "apps/api/dist/main.js"]

FROM runtime AS mh-simulator
EXPOSE 3100
# Any HTTP answer (MH's 404 included) means the simulator is listening.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s CMD node -e "fetch('http://127.0.0.1:'+(process.env.MH_SIM_PORT||3100)+'/').then(()=>process.exit(0),()=>process.exit(1))"
CMD ["node", "apps/mh-simulator/dist/main.js"]

FROM node:20-bookworm-slim AS worker
# tini reaps the Chromium processes a crashed browser leaves behind.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-dejavu-core tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production CHROMIUM_PATH=/usr/bin/chromium WORKFLOW_BUNDLE_PATH=/app/workflow-bundle.js
WORKDIR /app
COPY --from=build /app /app
USER 1000:1000
# The worker's /health (next to /metrics) answers 200 while it polls its task queue.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+(process.env.WORKER_METRICS_PORT||9464)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/worker/dist/main.js"]
