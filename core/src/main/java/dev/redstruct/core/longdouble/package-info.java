/**
 * C's {@code long double} as Redis computes with it on x86-64 (x87 80-bit extended): for {@code
 * INCRBYFLOAT} and {@code HINCRBYFLOAT}, exported only to the keyspace and hash modules.
 */
package dev.redstruct.core.longdouble;
