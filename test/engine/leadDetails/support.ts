/** Shared set-up of the property-details tests: the ad as the emulator holds it, the requests counted. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import {
	backgroundReadsEnded,
	forgetLookups,
	keptAdCount,
} from '../../../nodes/shared/leadDetails/detailsMemory';
import type { Sandbox } from '../../../sandbox';
import { admin, adminAds, interfaceState } from '../action/support';
import type { PortalProxy } from '../action/portalProxy';

export { backgroundReadsEnded, forgetLookups };

/** Waits until the details memory holds the online ads of these agencies, as activation reads them. */
export async function memoryHoldsAdsOf(sandbox: Sandbox, agencyCodes: string[]): Promise<void> {
	let online = 0;
	for (const agencyCode of agencyCodes) online += (await adminAds(sandbox, agencyCode)).length;
	await memoryHolds(online);
}

/** What the emulator holds of an ad (its internal record) and the code an interface gave it. */
export interface AdOnRecord {
	idAvisoPlat: number;
	adCode: string;
	titulo: string;
	operacion: string;
	tipoDePropiedad: number;
	imagenUrl: string;
	ubicacion: { direccion: string; ubicacion: string };
}

export async function associatedAd(
	sandbox: Sandbox,
	agencyCode: string,
	interfaceId = 'demo-les',
	nth = 0,
): Promise<AdOnRecord> {
	const ads = await adminAds(sandbox, agencyCode);
	const { associations } = await interfaceState(sandbox, interfaceId);
	const associated = ads.filter((ad) => associations.some((a) => a.idAvisoPlat === ad.idAvisoPlat));
	const ad = associated[nth];
	const adCode = associations.find((a) => a.idAvisoPlat === ad.idAvisoPlat)!.codigoAviso;
	return { ...(ad as unknown as AdOnRecord), adCode };
}

/** A new ad of the agency, online and associated to the interface under `adCode` (an alta). */
export async function newAssociatedAd(
	sandbox: Sandbox,
	agencyCode: string,
	adCode: string,
	interfaceId = 'demo-les',
): Promise<AdOnRecord> {
	const made = await admin(sandbox, 'POST', `/__sandbox/agencies/${agencyCode}/ads`, {
		titulo: `Recién publicado ${adCode}`,
		associations: { [interfaceId]: adCode },
	});
	if (made.status !== 201) throw new Error(`the emulator answered ${made.status}`);
	return { ...((made.json as { ad: AdOnRecord }).ad as AdOnRecord), adCode };
}

/** The details a lead on that ad shows, read from the emulator's own record (shape A answers). */
export function detailsOfRecord(ad: AdOnRecord, agencyName: string): IDataObject {
	return {
		adTitle: ad.titulo,
		adLocation: `${ad.ubicacion.direccion}, ${ad.ubicacion.ubicacion}`,
		adPropertyTypeId: ad.tipoDePropiedad,
		adOperation: ad.operacion,
		adImageUrl: ad.imagenUrl.replace(/\.jpg$/, '_360x266.jpg'),
		platformAdId: ad.idAvisoPlat,
		agencyName,
		detailsMissing: null,
	};
}

/** The ad-summary requests the proxy saw for one agency: without filters beyond the ad's own. */
export function adSummaryReads(proxy: PortalProxy, agencyCode: string) {
	return proxy.requests.filter(
		(url) =>
			url.pathname === `/v1/inmobiliarias/${agencyCode}/avisos/online/resumen` &&
			!url.searchParams.has('operacion'),
	);
}

/** A Spanish lead body as the portal sends it (docs/portal-api.md, lead bodies). */
export function spanishLead(adCode: string, agencyCode: string | null = null): IDataObject {
	return {
		idEvento: randomUUID(),
		tipoEvento: 'CONTACTO_MENSAJE',
		idMensaje: Math.floor(Math.random() * 1e9),
		idTipoContacto: 1,
		idContacto: null,
		codigoInmobiliaria: agencyCode,
		codigoCliente: agencyCode,
		referencia: adCode,
		fechaRegistro: '2026-11-20T10:15:00.000-0300',
		nombre: 'Ana Pérez',
		email: 'ana@example.com',
		telefono: '+54 11 4444-1234',
		mensaje: '¿Sigue disponible?',
	};
}

/** Waits until the details memory holds at least `count` ads; fails after `timeoutMs`. */
export async function memoryHolds(count: number, timeoutMs = 20_000): Promise<void> {
	const until = Date.now() + timeoutMs;
	while (keptAdCount() < count) {
		if (Date.now() > until) {
			throw new Error(`the details memory holds ${keptAdCount()} ads, not ${count}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/**
 * The work of other executions in this process, as a busy n8n has: the event loop held `busyMs`
 * out of every `everyMs`. Answers the function that stops it.
 */
export function keepEventLoopBusy(busyMs: number, everyMs: number): () => void {
	const timer = setInterval(() => {
		const until = performance.now() + busyMs;
		while (performance.now() < until);
	}, everyMs);
	return () => clearInterval(timer);
}

/** Another busy process on the machine: one core spinning until killed. */
export function burnOneCore(): ChildProcess {
	return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}
