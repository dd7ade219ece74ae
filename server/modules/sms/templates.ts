import type { FastifyInstance } from 'fastify';

export async function smsTemplateRoutes(_app: FastifyInstance) {}
