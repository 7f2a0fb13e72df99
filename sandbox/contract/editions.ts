/**
 * The documentation's editions (field notes, "Published contract" [P]): `arg`
 * (Argentina), `rela` (the rest of Latin America), `bra` (Brazil). They differ in two lead-body
 * fields only: `rela` adds the prospect's masked `userIdPlat` and the national id (`dni` / `cpf` /
 * `identificationId`, by body language); `bra` adds the national id but not `userIdPlat`; `arg`
 * neither.
 */
export const EDITIONS = ['arg', 'rela', 'bra'] as const;
export type Edition = (typeof EDITIONS)[number];

/** The path language a caller used: Spanish segments (`configuracion`) or Portuguese (`configuracao`). */
export type PathLanguage = 'es' | 'pt';

/** The fields each edition adds to a lead body (leadBodies/editionTail.ts). */
export const EDITION_FIELDS: Record<Edition, { userIdPlat: boolean; nationalId: boolean }> = {
	arg: { userIdPlat: false, nationalId: false },
	rela: { userIdPlat: true, nationalId: true },
	bra: { userIdPlat: false, nationalId: true },
};

/**
 * Which edition an interface's bodies follow: the one set for that interface (admin), else the one
 * set for the whole emulator (`SANDBOX_EDITION`), else by the path language the interface configured
 * its callback with: Spanish segments `rela`, Portuguese `bra` (field notes: "the path language
 * follows the country").
 */
export function editionOf(chosen: {
	forInterface: Edition | null;
	forEmulator: Edition | null;
	pathLanguage: PathLanguage;
}): Edition {
	return (
		chosen.forInterface ?? chosen.forEmulator ?? (chosen.pathLanguage === 'pt' ? 'bra' : 'rela')
	);
}
