import type { Row } from '../authorization-matrix.ts';

/** Authorization matrix rows for the growth area's routes (see ../authorization-matrix.ts for the personas and helpers). */
export const growthRows: Row[] = [];
