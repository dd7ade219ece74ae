import type { FastifyInstance } from 'fastify';

export function smsPages(_app: FastifyInstance) {}
