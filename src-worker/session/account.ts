/**
 * The signed-in driver's account: the driver's own record and the organisation (whose plan decides what the app
 * offers), asked for at each sign-in and signed-in start, and the organisation kept on the device for an offline start.
 */
import type { Driver, Organisation } from '../../src-shared/protocol/entities.ts';
import type { CoreContext } from '../core-context.ts';
import type { StoredDriver } from '../storage/app-db.ts';
import { type DriverTokens, profileOf } from './driver-tokens.ts';

const ORGANISATION_CACHE = 'organisation';

export interface Account {
  /** The server's copies of the driver's record and the organisation: shown, and kept on the device. */
  load(stored: StoredDriver): Promise<void>;
  /** The organisation as the device kept it, shown at a signed-in start before the server's answers. */
  showKept(): Promise<void>;
  /** The organisation leaves the state with the driver's session. */
  forget(): void;
}

export function createAccount(core: CoreContext, driver: DriverTokens): Account {
  const { store } = core;
  return {
    async load(stored) {
      const { api } = core;
      const [me, org] = await Promise.all([
        api.request<Driver>('GET', `/v1/drivers/${stored.id}`),
        api.request<Organisation>('GET', '/v1/organisations'),
      ]);
      const storage = await core.storage();
      const current = driver.current();
      if (me.ok && current) {
        const named = {
          ...current,
          first_name: me.data.first_name,
          last_name: me.data.last_name,
          email: me.data.email,
        };
        driver.set(named);
        await storage.putDriver(named);
        driver.show(profileOf(driver.current()!));
      }
      if (org.ok) {
        store.set(['organisation'], org.data);
        await storage.putCache(ORGANISATION_CACHE, org.data);
      }
    },

    async showKept() {
      const org = await (await core.storage()).getCache<Organisation>(ORGANISATION_CACHE);
      if (org) store.set(['organisation'], org);
    },

    forget() {
      store.set(['organisation'], null);
    },
  };
}
