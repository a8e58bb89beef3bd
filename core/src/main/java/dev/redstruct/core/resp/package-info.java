/**
 * What the sibling modules' Redis faces share (exported only to them; not public API): RESP2/RESP3
 * reply writing, Redis's argument-word and glob rules, the reply error and the key lookup a
 * keyspace gives a face.
 */
package dev.redstruct.core.resp;
