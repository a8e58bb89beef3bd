package dev.redstruct.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class SvgPlotTest {

  @Test
  void writesWellFormedSvgWithOneLinePerSeries() throws Exception {
    String svg =
        SvgPlot.create("a <title> & more", "x", "y")
            .logX()
            .series("one", new double[] {1, 10, 100}, new double[] {3, 2, 1})
            .series("two", new double[] {1, 10, 100}, new double[] {1, 2, 3})
            .toSvg();
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    assertEquals("svg", doc.getDocumentElement().getTagName());
    assertEquals(2, doc.getElementsByTagName("polyline").getLength());
    assertEquals(6, doc.getElementsByTagName("circle").getLength());
    assertEquals("a <title> & more", doc.getElementsByTagName("text").item(0).getTextContent());
  }

  @Test
  void rejectsNonPositiveValuesOnLogAxes() {
    SvgPlot plot =
        SvgPlot.create("t", "x", "y").logY().series("s", new double[] {1}, new double[] {0});
    assertThrows(IllegalArgumentException.class, plot::toSvg);
  }

  @Test
  void rejectsMismatchedSeries() {
    assertThrows(
        IllegalArgumentException.class,
        () -> SvgPlot.create("t", "x", "y").series("s", new double[] {1, 2}, new double[] {1}));
  }

  @Test
  void barsHaveOneRectAndOneMarkPerBoundAndSwitchToLogWhenValuesSpreadOut() throws Exception {
    String linear =
        SvgBars.create("goals")
            .bar("a <b>", 0.87, ">= 1", false, 1.0)
            .bar("c", 1.2, "", true)
            .toSvg();
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(linear.getBytes(StandardCharsets.UTF_8)));
    // background + one rect per bar
    assertEquals(3, doc.getElementsByTagName("rect").getLength());
    assertEquals(1, linear.split("stroke=\"black\"", -1).length - 1);
    assertTrue(linear.contains("0.870 (&gt;= 1)"), linear);
    assertFalse(linear.contains("log scale"), linear);
    String log = SvgBars.create("goals").bar("a", 0.003, "", false).bar("b", 5, "", true).toSvg();
    assertTrue(log.contains("(log scale)"), log);
    assertThrows(IllegalStateException.class, () -> SvgBars.create("none").toSvg());
    assertThrows(
        IllegalArgumentException.class, () -> SvgBars.create("t").bar("x", Double.NaN, "", true));
  }
}
