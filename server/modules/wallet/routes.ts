import type { FastifyInstance } from 'fastify';

/** The wallet's endpoints and pages (SPEC §7 Wallet). */
export async function walletRoutes(_app: FastifyInstance) {}
