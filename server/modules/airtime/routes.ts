import type { FastifyInstance } from 'fastify';

export async function airtimeRoutes(_app: FastifyInstance) {}
