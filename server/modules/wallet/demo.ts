import type { Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';

export async function seedDemoWallet(_tx: Tx, _demo: DemoCompany) {}
