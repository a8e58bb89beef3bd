package dev.redstruct.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every registered section loads (a misspelt class name in META-INF/services fails here, not in the
 * middle of a report) and has a well-formed, unique id. Sections are not run: some take seconds or
 * start JVMs; the report runs them.
 */
class ReportSectionRegistryTest {

  @Test
  void sectionsLoadWithUniqueModuleQualifiedIds() {
    Set<String> ids = new HashSet<>();
    for (ReportSection s : ServiceLoader.load(ReportSection.class)) {
      assertTrue(
          s.id().matches("[a-z0-9]+\\.[a-z0-9.-]+"), "id must be <module>.<what>: " + s.id());
      assertTrue(ids.add(s.id()), "duplicate section id " + s.id());
      assertFalse(s.title().isBlank(), s.id() + " has no title");
    }
    assertTrue(ids.contains("core.footprint"), ids.toString());
  }
}
