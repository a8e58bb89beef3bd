package dev.redstruct.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
