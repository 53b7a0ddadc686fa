import type { Row } from '../authorization-matrix.ts';

/** Authorization matrix rows for the screening area's routes (see ../authorization-matrix.ts for the personas and helpers). */
export const screeningRows: Row[] = [];
