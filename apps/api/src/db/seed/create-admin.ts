// Creates (or resets) an administrator: the first user of a production installation.
// Usage: npm run create-admin -- --email boss@company.az --password 'a long password' [--name Ad --surname Soyad]
import { parseArgs } from 'node:util';
import { OPERATIONS } from '@app/contract/permissions';
import { ROLE } from '@app/contract/roles';
import { sql } from 'drizzle-orm';
import { readConfig } from '../../config';
import { hashPassword } from '../../platform/auth/password';
import { openDatabase } from '../client';
import { users } from '../schema/users';
import { grantPermissions } from './demo-seed';
import { seedReferenceData } from './reference-data';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, surname: { type: 'string' } },
});
if (!values.email || !values.password || values.password.length < 10) {
  console.error('Usage: npm run create-admin -- --email EMAIL --password PASSWORD(10+ chars) [--name NAME --surname SURNAME]');
  process.exit(2);
}
const config = readConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
await seedReferenceData(database.db);
const email = values.email.trim().toLowerCase();
const passwordHash = await hashPassword(values.password);
const [existing] = await database.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
const [row] = existing
  ? await database.db.update(users).set({ passwordHash, admin: ROLE.admin, blocked: false, deletedAt: null })
    .where(sql`${users.id} = ${existing.id}`).returning({ id: users.id })
  : await database.db.insert(users)
    .values({ email, name: values.name ?? 'Admin', surname: values.surname ?? '', admin: ROLE.admin, passwordHash })
    .returning({ id: users.id });
await grantPermissions(database.db, row!.id, OPERATIONS.map((o) => o.code));
console.log(`Administrator ${email} is ready (id ${row!.id}).`);
await database.close();
