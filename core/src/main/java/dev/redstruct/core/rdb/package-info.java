/**
 * Redis 7.0's RDB primitives for the redstruct modules that read or write DUMP payloads: {@link
 * dev.redstruct.core.rdb.Lzf} (byte-identical to {@code lzf_c.c}, bounds-checked {@code lzf_d.c}),
 * {@link dev.redstruct.core.rdb.Crc64}, lengths and strings ({@link
 * dev.redstruct.core.rdb.RdbWriter}, {@link dev.redstruct.core.rdb.RdbReader}) and the DUMP footer
 * ({@link dev.redstruct.core.rdb.RdbPayload}).
 *
 * <p>Not part of the public API: {@code module-info} exports this package only to the sibling
 * modules that read or write payloads (today ziplist and skiplist, whose tests build DUMP
 * payloads); a module adds itself to the qualified export when it starts to use it.
 */
package dev.redstruct.core.rdb;
