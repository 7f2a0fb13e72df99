/**
 * What the reader does not read is named, never guessed at; the national id stays out of a raw
 * body nobody asked for, on both paths (nodes/shared/eventFields.ts, readEvent.ts, listedLead.ts).
 */
import { readFields, withoutNationalId } from '../../../nodes/shared/eventFields';
import { readListedLead } from '../../../nodes/shared/listedLead';
import { readEvent } from '../../../nodes/shared/readEvent';
import { phoneViewLead } from '../trigger/fixtures';

const logger = { info: () => undefined };

describe('names the alias table does not know', () => {
	it('are listed as the body writes them, known names are read', () => {
		const body = { eventId: 'e-1', nombreCompleto: 'Ana', name: 'Ana P.', correo: 'a@b.c' };
		const { fields, unknownNames, deliveredNames } = readFields(body, 'EN');
		expect(unknownNames).toEqual(['nombreCompleto', 'correo']);
		expect(fields).toMatchObject({ idEvento: 'e-1', nombre: 'Ana P.', correo: 'a@b.c' });
		expect(deliveredNames).toMatchObject({ idEvento: 'eventId', nombre: 'name' });
	});

	it('are named beside what could not be read, under the names the body gives them', () => {
		const read = readEvent({
			eventId: 'e-2',
			eventType: 'CONTACTO',
			registerDate: 'yesterday',
			name: 'Ann',
			fullName: 'Ann Smith',
		});
		expect(read.ok && read.event).toMatchObject({
			unreadableFields: ['registerDate'],
			unknownFields: ['fullName'],
			lead: { nombre: 'Ann' },
		});
		expect(read.ok && read.event.lead).not.toHaveProperty('fechaRegistro');
	});

	it('an event kind or id that is none is named too', () => {
		const read = readEvent({ idEvento: ['x'], tipoEvento: 'FOO', nombre: 'Ana' });
		expect(read.ok && read.event.unreadableFields).toEqual(['idEvento', 'tipoEvento']);
	});
});

describe('withoutNationalId', () => {
	it('removes every name of the national id, in any case and at any depth', () => {
		const body = {
			dni: '1',
			CPF: '2',
			contact: { identificationId: '3', list: [{ nationalId: '4', documento: '5', keep: 6 }] },
			keep: 'yes',
		};
		expect(withoutNationalId(body)).toEqual({
			contact: { list: [{ keep: 6 }] },
			keep: 'yes',
		});
		expect(body.dni).toBe('1');
	});

	it('gives back the value itself when there is nothing to remove', () => {
		const body = { nombre: 'Ana', list: [1, 2] };
		expect(withoutNationalId(body)).toBe(body);
		expect(withoutNationalId(null)).toBeNull();
		expect(withoutNationalId('dni')).toBe('dni');
	});

	it('keeps a "__proto__" name as a property, and walks nesting deeper than the call stack', () => {
		const polluted = JSON.parse('{"__proto__":{"dni":"1","x":2}}') as object;
		const copy = withoutNationalId(polluted);
		expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
		expect(JSON.stringify(copy)).toBe('{"__proto__":{"x":2}}');

		const depth = 50_000;
		const deep = JSON.parse(`${'{"a":'.repeat(depth)}{"dni":"1"}${'}'.repeat(depth)}`) as object;
		let node = withoutNationalId(deep) as Record<string, unknown>;
		for (let level = 0; level < depth; level++) node = node.a as Record<string, unknown>;
		expect(node).toEqual({});
	});
});

describe('a listed lead with fields it cannot read', () => {
	const item = { ...phoneViewLead, id: 77, fechaRegistro: 'garbage', dni: '30111222' };

	it('keeps the body without the national id unless Include National ID is on', () => {
		const off = readListedLead({ ...item }, 'INMO-001', { includeNationalId: false, logger }).item;
		expect(off).toMatchObject({ registeredAt: null, unreadableFields: 'fechaRegistro' });
		expect(off.rawBody).not.toHaveProperty('dni');

		const on = readListedLead({ ...item }, 'INMO-001', { includeNationalId: true, logger }).item;
		expect(on).toMatchObject({ nationalId: '30111222', rawBody: { dni: '30111222' } });
	});
});
