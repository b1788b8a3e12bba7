package io.streamswindow.join;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPortSet.WindowMode;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPortSet.WindowPunctuationOutputMode;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.state.Checkpoint;
import com.ibm.streams.operator.state.StateHandler;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.WindowUtilities;
import io.streamswindow.engine.Window;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.expression.ExpressionScope;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.schema.SplSchema;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * SPL's standard-toolkit {@code Join} operator ({@code spl.relational::Join}) as a windowed Java
 * operator, as IBM's code generator template runs it on the C++ window runtime (docs/semantics.md,
 * "SPL Join"): a tuple arriving on one port is matched against the other port's window, each match
 * submitted at once, before the tuple enters its own window; a window marker follows the matches of
 * one tuple when port 0 received any; an outer join submits a tuple that never matched as it leaves
 * its window.
 *
 * <p>Parameters, as SPL passes them (lists of strings); expressions are SPL's, an attribute
 * qualified by its port's name ({@code L.price}: the port's name, or {@code lhsName} / {@code
 * rhsName}):
 *
 * <ul>
 *   <li>{@code match}: a boolean expression over both ports; default true.
 *   <li>{@code equalityLHS}, {@code equalityRHS}: expressions over port 0 and port 1 alone, which
 *       must be equal, pairwise, for tuples to match.
 *   <li>{@code algorithm}: {@code inner} (default), {@code leftOuter}, {@code rightOuter}, {@code
 *       outer}.
 *   <li>{@code partitionByLHS}, {@code partitionByRHS}: attributes partitioning a port's
 *       partitioned window.
 *   <li>{@code output}: assignments {@code attribute = expression} of output port 0; an attribute
 *       without one takes the attribute of that name and type of the one input port that has it.
 * </ul>
 *
 * <p>Each port's window is {@code sliding} with {@code count}, {@code time} or {@code delta}
 * eviction and a {@code count(1)} trigger; a port declared without a window is SPL's {@code
 * count(0)}: it keeps nothing, and its tuples only probe the other window. Output port 0 gets the
 * matches (and, with one port, the unmatched tuples of an outer join, the other side's attributes
 * at their defaults); output ports 1 and 2, when declared, get the unmatched tuples of port 0 and
 * port 1 unchanged (port 1 alone for {@code leftOuter} and {@code rightOuter}). Example, IBM's
 * bargain index:
 *
 * <pre>{@code
 * OperatorInvocation<Join> op = tester.singleOp(Join.class);
 * op.addInput("Trades", trade).sliding().partitioned().evictCount(1).triggerCount(1);
 * op.addInput("Quotes", quote);                       // count(0)
 * op.addOutput(bargain);
 * op.setStringParameter("partitionByLHS", "ticker");
 * op.setStringParameter("equalityLHS", "Trades.ticker");
 * op.setStringParameter("equalityRHS", "Quotes.ticker");
 * op.setStringParameter("match", "Trades.price > Quotes.ask");
 * }</pre>
 */
@PrimitiveOperator(
    name = "Join",
    namespace = "spl.relational",
    description = "Joins the tuples of two ports against the other port's sliding window.")
@InputPorts(@InputPortSet(cardinality = 2, windowingMode = WindowMode.OptionallyWindowed))
@OutputPorts({
  @OutputPortSet(
      cardinality = 1,
      windowPunctuationOutputMode = WindowPunctuationOutputMode.Generating),
  @OutputPortSet(optional = true)
})
public class Join extends AbstractOperator implements StateHandler {
  private String match;
  private List<String> equalityLHS = List.of();
  private List<String> equalityRHS = List.of();
  private JoinAlgorithm algorithm = JoinAlgorithm.INNER;
  private List<String> partitionByLHS = List.of();
  private List<String> partitionByRHS = List.of();
  private List<String> output = List.of();
  private String lhsName;
  private String rhsName;
  private String defaultTupleLHS;
  private String defaultTupleRHS;

  private final JoinSide[] sides = new JoinSide[2];
  private SplExpression matchExpression;
  private JoinOutput assignments;
  private Tuple[] cleared;

  /** Creates the operator; it is configured by its parameters. */
  public Join() {}

  /** Sets the condition over both ports. */
  @Parameter(optional = true, description = "A boolean SPL expression over both ports.")
  public void setMatch(String match) {
    this.match = match;
  }

  /** Sets port 0's equality expressions. */
  @Parameter(optional = true, description = "SPL expressions over port 0, equal to equalityRHS.")
  public void setEqualityLHS(List<String> equalityLHS) {
    this.equalityLHS = List.copyOf(equalityLHS);
  }

  /** Sets port 1's equality expressions. */
  @Parameter(optional = true, description = "SPL expressions over port 1, equal to equalityLHS.")
  public void setEqualityRHS(List<String> equalityRHS) {
    this.equalityRHS = List.copyOf(equalityRHS);
  }

  /** Sets the algorithm: inner, leftOuter, rightOuter or outer. */
  @Parameter(optional = true, description = "inner (default), leftOuter, rightOuter or outer.")
  public void setAlgorithm(String algorithm) {
    this.algorithm = JoinAlgorithm.parse(algorithm);
  }

  /** Sets the attributes partitioning port 0's window. */
  @Parameter(optional = true, description = "Attributes partitioning port 0's window.")
  public void setPartitionByLHS(List<String> partitionByLHS) {
    this.partitionByLHS = List.copyOf(partitionByLHS);
  }

  /** Sets the attributes partitioning port 1's window. */
  @Parameter(optional = true, description = "Attributes partitioning port 1's window.")
  public void setPartitionByRHS(List<String> partitionByRHS) {
    this.partitionByRHS = List.copyOf(partitionByRHS);
  }

  /** Sets output port 0's assignments. */
  @Parameter(optional = true, description = "Assignments attribute = expression of output 0.")
  public void setOutput(List<String> output) {
    this.output = List.copyOf(output);
  }

  /** Sets the tuple that stands for port 0 beside an unmatched port 1 tuple (one output port). */
  @Parameter(
      optional = true,
      description = "An SPL tuple literal of port 0's type, for unmatched port 1 tuples.")
  public void setDefaultTupleLHS(String defaultTupleLHS) {
    this.defaultTupleLHS = defaultTupleLHS;
  }

  /** Sets the tuple that stands for port 1 beside an unmatched port 0 tuple (one output port). */
  @Parameter(
      optional = true,
      description = "An SPL tuple literal of port 1's type, for unmatched port 0 tuples.")
  public void setDefaultTupleRHS(String defaultTupleRHS) {
    this.defaultTupleRHS = defaultTupleRHS;
  }

  /** Sets a name that qualifies port 0's attributes, beside the port's own name. */
  @Parameter(optional = true, description = "A name qualifying port 0's attributes (an alias).")
  public void setLhsName(String lhsName) {
    this.lhsName = lhsName;
  }

  /** Sets a name that qualifies port 1's attributes, beside the port's own name. */
  @Parameter(optional = true, description = "A name qualifying port 1's attributes (an alias).")
  public void setRhsName(String rhsName) {
    this.rhsName = rhsName;
  }

  /**
   * Checks the windows, parameters and ports, compiles the expressions and registers the windows'
   * listeners and, for an outer join, the state of which tuples have matched.
   *
   * @throws IllegalArgumentException for a window, expression, parameter or port SPL's Join
   *     refuses, naming it
   */
  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    if (context.getNumberOfStreamingInputs() != 2) {
      throw new IllegalStateException("Join has two input ports");
    }
    int outputs = context.getNumberOfStreamingOutputs();
    if (outputs != 1 && outputs != 1 + algorithm.unmatchedPorts()) {
      throw new IllegalArgumentException(
          algorithm == JoinAlgorithm.INNER
              ? "Join with algorithm inner has one output port, for the matches, not "
                  + outputs
                  + ": ports for unmatched tuples come with leftOuter, rightOuter (1) and outer (2)"
              : "Join with algorithm "
                  + algorithm.splName()
                  + " has one output port, or "
                  + (1 + algorithm.unmatchedPorts())
                  + " (the matches, then the unmatched tuples of "
                  + (algorithm == JoinAlgorithm.OUTER ? "each input port" : "its outer port")
                  + " apart), not "
                  + outputs);
    }
    StreamSchema lhs = getInput(0).getStreamSchema();
    StreamSchema rhs = getInput(1).getStreamSchema();
    for (int port = 1; port < outputs; port++) {
      int from = algorithm == JoinAlgorithm.RIGHT_OUTER ? 1 : port - 1;
      StreamSchema expected = from == 0 ? lhs : rhs;
      if (!getOutput(port).getStreamSchema().equals(expected)) {
        throw new IllegalArgumentException(
            "Join's output port "
                + port
                + " gets input port "
                + from
                + "'s unmatched tuples unchanged, so its schema must be "
                + expected.getLanguageType()
                + ", not "
                + getOutput(port).getStreamSchema().getLanguageType());
      }
    }
    if (equalityLHS.size() != equalityRHS.size()) {
      throw new IllegalArgumentException(
          "equalityLHS has "
              + equalityLHS.size()
              + " expressions and equalityRHS "
              + equalityRHS.size()
              + ": give one on each side for each value to compare");
    }
    ExpressionScope.Port left = port(lhs, getInput(0).getName(), lhsName);
    ExpressionScope.Port right = port(rhs, getInput(1).getName(), rhsName);
    SplExpression[] leftKeys = compileAll(equalityLHS, ExpressionScope.ports(List.of(left)));
    SplExpression[] rightKeys = compileAll(equalityRHS, ExpressionScope.ports(List.of(right)));
    for (int i = 0; i < leftKeys.length; i++) {
      String l = leftKeys[i].type().getLanguageType();
      String r = rightKeys[i].type().getLanguageType();
      if (!l.equals(r)) {
        throw new IllegalArgumentException(
            "equalityLHS \""
                + equalityLHS.get(i)
                + "\" is "
                + l
                + " and equalityRHS \""
                + equalityRHS.get(i)
                + "\" is "
                + r
                + ": SPL compares values of one type; cast one side");
      }
    }
    ExpressionScope both = ExpressionScope.ports(List.of(left, right));
    if (match != null) {
      matchExpression = SplExpression.compile(match, both);
      if (!matchExpression.type().getLanguageType().equals("boolean")) {
        throw new IllegalArgumentException(
            "match \""
                + match
                + "\" is "
                + matchExpression.type().getLanguageType()
                + ", and Join's match is boolean");
      }
    }
    assignments = JoinOutput.resolve(getOutput(0).getStreamSchema(), output, both, lhs, rhs);
    cleared =
        new Tuple[] {
          defaultTuple(defaultTupleLHS, "defaultTupleLHS", 1, lhs, outputs),
          defaultTuple(defaultTupleRHS, "defaultTupleRHS", 0, rhs, outputs)
        };
    sides[0] = side(0, partitionByLHS, "partitionByLHS", leftKeys);
    sides[1] = side(1, partitionByRHS, "partitionByRHS", rightKeys);
    if (algorithm != JoinAlgorithm.INNER) {
      context.registerStateHandler(this);
    }
  }

  /**
   * The tuple standing for one side beside the other side's unmatched tuples: the parameter's
   * literal, which SPL takes only when {@code unmatchedPort}'s tuples come out unmatched on the one
   * output port, or a tuple of default values.
   */
  private Tuple defaultTuple(
      String literal, String parameter, int unmatchedPort, StreamSchema schema, int outputs) {
    if (literal == null) {
      return schema.getTuple();
    }
    if (!algorithm.keepsUnmatched(unmatchedPort)) {
      throw new IllegalArgumentException(
          parameter
              + " is for "
              + (unmatchedPort == 1 ? "rightOuter and outer" : "leftOuter and outer")
              + " joins, whose unmatched port "
              + unmatchedPort
              + " tuples it completes; the algorithm is "
              + algorithm.splName());
    }
    if (outputs > 1) {
      throw new IllegalArgumentException(
          parameter
              + " completes unmatched tuples on the one output port, but this Join has "
              + outputs
              + ", which take the unmatched tuples unchanged: leave "
              + parameter
              + " out, or declare one output port");
    }
    return DefaultTuple.parse(literal, schema, parameter);
  }

  private static ExpressionScope.Port port(StreamSchema schema, String name, String alias) {
    List<String> names = new ArrayList<>();
    if (name != null && !name.isBlank()) {
      names.add(name);
    }
    if (alias != null && !alias.isBlank() && !names.contains(alias)) {
      names.add(alias);
    }
    return ExpressionScope.port(SplSchema.from(schema), names.toArray(new String[0]));
  }

  private static SplExpression[] compileAll(List<String> texts, ExpressionScope scope) {
    SplExpression[] compiled = new SplExpression[texts.size()];
    for (int i = 0; i < compiled.length; i++) {
      compiled[i] = SplExpression.compile(texts.get(i), scope);
    }
    return compiled;
  }

  @SuppressWarnings("unchecked")
  private JoinSide side(int port, List<String> partitionBy, String parameter, SplExpression[] keys)
      throws Exception {
    StreamWindow<Tuple> window = getInput(port).getStreamWindow();
    Window<Tuple> engine = null;
    if (window.getType() != StreamWindow.Type.NOT_WINDOWED) {
      if (window instanceof io.streamswindow.engine.EngineWindow<?> declared) {
        check(port, declared.spec(), partitionBy, parameter);
      }
      if (!(window instanceof Window<?> sliding)) {
        throw new IllegalArgumentException(
            "Join's input port "
                + port
                + " has a window this layer cannot read; Join runs on streams-window's engine");
      }
      engine = (Window<Tuple>) sliding;
      if (!partitionBy.isEmpty()) {
        WindowUtilities.registerAttributePartitioner(window, partitionBy.toArray(new String[0]));
      }
    } else if (!partitionBy.isEmpty()) {
      throw new IllegalArgumentException(
          parameter + " " + partitionBy + " needs a partitioned window on port " + port);
    }
    return new JoinSide(
        port, engine, keys, partitionBy, algorithm.keepsUnmatched(port), this::submitUnmatched);
  }

  /**
   * Checks one port's window as SPL's Join takes it: sliding, evicting by count, time or delta,
   * with a {@code count(1)} trigger; partitioned exactly when {@code partitionBy} is given.
   *
   * @throws IllegalArgumentException naming the port and what to declare
   */
  public static void check(
      int port, WindowSpec window, List<String> partitionBy, String parameter) {
    boolean takes =
        window.type() == StreamWindow.Type.SLIDING
            && !window.isTimeInterval()
            && window.trigger() != null
            && window.trigger().kind() == StreamWindow.Policy.COUNT
            && window.trigger().count() == 1;
    if (!takes) {
      throw new IllegalArgumentException(
          "Join's input port "
              + port
              + " has the window \""
              + window
              + "\"; Join takes sliding windows that evict by count, time or delta with a count(1)"
              + " trigger, or no window (SPL's count(0))");
    }
    if (window.isPartitioned() && partitionBy.isEmpty()) {
      throw new IllegalArgumentException(
          "input port "
              + port
              + "'s window is partitioned, but "
              + parameter
              + " is missing: name the attributes that partition it");
    }
    if (!window.isPartitioned() && !partitionBy.isEmpty()) {
      throw new IllegalArgumentException(
          parameter + " " + partitionBy + " needs a partitioned window on port " + port);
    }
  }

  /** A tuple arrives: matched against the other port's window, then its own evictions go out. */
  @Override
  public void process(StreamingInput<Tuple> stream, Tuple tuple) throws Exception {
    int port = stream.getPortNumber();
    JoinSide self = sides[port];
    JoinSide other = sides[1 - port];
    boolean matched = false;
    boolean submitted = false;
    Object[] key = self.keyOf(tuple);
    StreamingOutput<OutputTuple> out = getOutput(0);
    for (Tuple candidate : other.candidates(key)) {
      if (!other.hasKey(candidate, key)) {
        continue;
      }
      Tuple left = port == 0 ? tuple : candidate;
      Tuple right = port == 0 ? candidate : tuple;
      if (matchExpression != null && !matchExpression.evaluateBoolean(left, right)) {
        continue;
      }
      matched = true;
      if (other.keepsUnmatched) {
        other.matched.add(candidate);
      }
      OutputTuple result = out.newTuple();
      assignments.fill(result, left, right);
      out.submit(result);
      submitted = true;
    }
    if (self.window != null) {
      if (matched && self.keepsUnmatched) {
        self.matched.add(tuple);
      }
      submitted |= self.flushPending();
    } else if (self.keepsUnmatched && !matched) {
      submitted |= submitUnmatched(port, tuple);
    }
    if (submitted) {
      out.punctuate(Punctuation.WINDOW_MARKER);
    }
  }

  /** Functional form of {@link #submitUnmatched}, for the sides. */
  interface Unmatched {
    boolean submit(int port, Tuple tuple) throws Exception;
  }

  /**
   * Submits a tuple of {@code port} that never matched: unchanged on its own output port when the
   * operator has the unmatched ports, else on port 0 with the other side's attributes cleared.
   *
   * @return whether it went to port 0
   */
  private boolean submitUnmatched(int port, Tuple tuple) throws Exception {
    int outputs = getOperatorContext().getNumberOfStreamingOutputs();
    if (outputs > 1) {
      int target = algorithm == JoinAlgorithm.OUTER ? 1 + port : 1;
      getOutput(target).submit(tuple);
      return false;
    }
    OutputTuple result = getOutput(0).newTuple();
    assignments.fill(result, port == 0 ? tuple : cleared[0], port == 0 ? cleared[1] : tuple);
    getOutput(0).submit(result);
    return true;
  }

  /** Window markers are the operator's own; the runtime forwards the final marker. */
  @Override
  public void processPunctuation(StreamingInput<Tuple> stream, Punctuation mark) {}

  // --- the outer sides' matched tuples, as positions in their windows -------------------------

  @Override
  public void checkpoint(Checkpoint checkpoint) throws Exception {
    ObjectOutputStream out = checkpoint.getOutputStream();
    for (JoinSide side : sides) {
      List<Tuple> tuples = side.tuples();
      List<Integer> positions = new ArrayList<>();
      for (int i = 0; i < tuples.size(); i++) {
        if (side.matched.contains(tuples.get(i))) {
          positions.add(i);
        }
      }
      out.writeInt(positions.size());
      for (int position : positions) {
        out.writeInt(position);
      }
    }
  }

  /** Windows are reset before state handlers, so the positions find their tuples again. */
  @Override
  public void reset(Checkpoint checkpoint) throws Exception {
    ObjectInputStream in = checkpoint.getInputStream();
    for (JoinSide side : sides) {
      side.matched.clear();
      side.forgetIndex();
      List<Tuple> tuples = side.tuples();
      int count = in.readInt();
      for (int i = 0; i < count; i++) {
        side.matched.add(tuples.get(in.readInt()));
      }
    }
  }

  @Override
  public void resetToInitialState() {
    for (JoinSide side : sides) {
      side.matched.clear();
      side.forgetIndex();
    }
  }

  @Override
  public void drain() {}

  @Override
  public void retireCheckpoint(long id) {}

  @Override
  public void close() {}
}
