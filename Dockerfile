# syntax=docker/dockerfile:1
# Multi-stage: install everything and build; install production dependencies alone; a small
# runtime image that runs as a non-root user.

FROM node:20-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

# All dependencies (native modules such as sqlite3 compile here) and the Remix build.
FROM base AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# patches/ before the install: its postinstall applies them (patch-package, decision 084).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm install --include=dev --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only.
FROM base AS production-deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm install --omit=dev --no-audit --no-fund

FROM base AS runtime
ENV PORT=8080
RUN groupadd --system app && useradd --system --gid app --home /app app
COPY --from=production-deps /app/node_modules ./node_modules
# The build holds the app, the compiled server (build/server.js) and the compiled CLI scripts
# (build/cli/*.js): the runtime runs plain node and needs no sources and no TypeScript loader.
COPY --from=build /app/build ./build
COPY package.json package-lock.json ./
RUN mkdir -p data && chown -R app:app data
USER app
EXPOSE 8080
# Applies pending migrations, then serves the build (what `npm start` runs, without npm in between,
# so SIGTERM reaches the server itself: it finishes its requests and exits 0, decision 050).
CMD ["node", "build/server.js"]
