/** Display conditions on a node's version, for every node that has more than one. */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

export const ONLY_VERSION_1: IDisplayOptions = { show: { '@version': [1] } };
export const FROM_VERSION_2: IDisplayOptions = { show: { '@version': [{ _cnd: { gte: 2 } }] } };

/** The property shown only where `when` also holds (the version's condition added to its own). */
export function onlyWhen(when: IDisplayOptions, property: INodeProperties): INodeProperties {
	return {
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, ...when.show },
		},
	};
}
