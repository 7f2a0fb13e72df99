/** A listed item's fields are read once: the list's de-duplication and the lead's reading share its keys. */
import type { IDataObject } from 'n8n-workflow';

import { listedLeadKeys, readListedLead } from '../../../nodes/shared/listedLead';

/** A recorded-shape list item that counts how often its message id is read. */
function countingItem() {
	const reads = { idMensaje: 0 };
	const item: IDataObject = {
		id: 7,
		idContacto: 70,
		codigoAviso: 'AD-7',
		fecha: '2026-11-20T10:00:00Z',
		nombre: 'Ana',
		email: 'ana@example.com',
		textoMensaje: 'Is it still available?',
	};
	Object.defineProperty(item, 'idMensaje', {
		enumerable: true,
		get: () => {
			reads.idMensaje++;
			return 9001;
		},
	});
	return { item, reads };
}

it('reads the keys of a listed item once, however often they are asked for', () => {
	const { item, reads } = countingItem();
	const first = listedLeadKeys(item);
	const readsForKeys = reads.idMensaje;
	expect(readsForKeys).toBeGreaterThan(0);
	expect(listedLeadKeys(item)).toBe(first);
	expect(reads.idMensaje).toBe(readsForKeys);
	expect(first).toMatchObject({ id: 9001, idSource: 'messageId' });
});

it('the lead read after the list de-duplicated it uses the same keys', () => {
	const { item } = countingItem();
	const keys = listedLeadKeys(item);
	const lead = readListedLead(item, 'INMO-001', {
		includeNationalId: false,
		logger: { info: () => undefined },
	});
	expect(lead.id).toBe(keys.id);
	expect(lead.item).toMatchObject({ leadKey: 'message:9001', messageId: 9001 });
});
