/** One page of a longer list, as every paged answer carries it: the rows, how many in all and in how many pages. */
export const pageOf = <T>(content: T[], total: number, pageNumber: number, pageSize: number) => ({
  content,
  totalElements: total,
  totalPages: Math.ceil(total / pageSize),
  pageNumber,
  pageSize,
});
