/**
 * RESP2 replies and Redis's argument-word rule for the sibling modules' Redis faces (exported only
 * to them; not public API).
 */
package dev.redstruct.core.resp;
