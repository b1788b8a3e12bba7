package io.streamswindow.expression;

import io.streamswindow.schema.SplSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses and types SPL expressions read from standard input, one per line, for
 * scripts/spl_sample_share.py: each line is tab-separated, the expression then, per input port, its
 * names (comma-separated, may be empty) and its SPL tuple type; each answer line is {@code
 * ok<TAB>type} or {@code parse<TAB>message} or {@code type<TAB>message}.
 *
 * <p>Example: {@code printf 'price * 2\t\ttuple<float64 price>\n' | java -cp <jar>
 * io.streamswindow.expression.ExpressionCheckMain} prints {@code type '*' at position 6: ...}.
 */
public final class ExpressionCheckMain {
  private ExpressionCheckMain() {}

  public static void main(String[] args) throws Exception {
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    StringBuilder out = new StringBuilder();
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      String[] fields = line.split("\t", -1);
      String expression = fields[0].replace("\\n", "\n");
      try {
        ExpressionParser.parse(expression);
      } catch (SplExpressionException refused) {
        out.append("parse\t").append(oneLine(refused.getMessage())).append('\n');
        continue;
      }
      List<ExpressionScope.Port> ports = new ArrayList<>();
      try {
        for (int i = 1; i + 1 < fields.length; i += 2) {
          List<String> names = fields[i].isEmpty() ? List.of() : List.of(fields[i].split(","));
          ports.add(new ExpressionScope.Port(SplSchema.parse(fields[i + 1]), names));
        }
        // Typed only: the values a named value reads are given when an application runs.
        TypedExpression typed =
            ExpressionTypeChecker.check(
                expression, ExpressionParser.parse(expression), ExpressionScope.ports(ports));
        out.append("ok\t").append(typed.type().getLanguageType()).append('\n');
      } catch (RuntimeException refused) {
        out.append("type\t").append(oneLine(String.valueOf(refused.getMessage()))).append('\n');
      }
    }
    System.out.print(out);
  }

  private static String oneLine(String text) {
    return text.replace('\n', ' ').replace('\t', ' ');
  }
}
