package io.streamswindow.spark.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.schema.SplTypeParser;
import io.streamswindow.spark.types.SplSparkTypes.Direction;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

class SplSparkTypesTest {
  private static final StructType ROWS =
      StructType.fromDDL(
          "id string, amount decimal(16,6), n bigint, ratio double, tags array<bigint>,"
              + " counts map<string, bigint>, at struct<x: double, y: double>");

  private static String inputMisfit(String spl, String spark) {
    return SplSparkTypes.misfit(
        DataType.fromDDL(spark), SplTypeParser.parseType(spl), Direction.INPUT);
  }

  private static String outputMisfit(String spl, String spark) {
    return SplSparkTypes.misfit(
        DataType.fromDDL(spark), SplTypeParser.parseType(spl), Direction.OUTPUT);
  }

  private static IllegalArgumentException refused(Map<String, String> stated, Direction direction) {
    return assertThrows(
        IllegalArgumentException.class, () -> SplSparkTypes.toSpl(ROWS, stated, direction));
  }

  @Test
  void withoutStatedTypesEveryColumnHasTheTypeTablesType() {
    assertEquals(
        "tuple<rstring id,decimal128 amount,int64 n,float64 ratio,list<int64> tags,map<rstring,int64> counts,"
            + "tuple<float64 x,float64 y> at>",
        SplSparkTypes.toSpl(ROWS, Map.of(), Direction.INPUT).getLanguageType());
  }

  @Test
  void statedTypesReplaceTheDefaultsOfTheirColumnsOnly() {
    Map<String, String> stated = new LinkedHashMap<>();
    stated.put("id", "ustring");
    stated.put("amount", "decimal64");
    stated.put("n", "uint8");
    stated.put("tags", "set<int32>");
    stated.put("counts", "map<ustring, optional<uint32>>[8]");
    stated.put("at", "tuple<float32 x, float32 y>");
    assertEquals(
        "tuple<ustring id,decimal64 amount,uint8 n,float64 ratio,set<int32> tags,map<ustring,optional<uint32>>[8] counts,"
            + "tuple<float32 x,float32 y> at>",
        SplSparkTypes.toSpl(ROWS, stated, Direction.INPUT).getLanguageType());
  }

  @Test
  void aNameThatIsNotAColumnIsRefusedWithTheColumns() {
    IllegalArgumentException e = refused(Map.of("amout", "decimal64"), Direction.INPUT);
    assertEquals(
        "spl_types names 'amout', which is not a column of the operator's input (did you mean 'amount'?); its columns"
            + " are [id, amount, n, ratio, tags, counts, at]",
        e.getMessage());
    assertTrue(
        refused(Map.of("total", "decimal64"), Direction.OUTPUT)
            .getMessage()
            .startsWith("output_spl_types names 'total', which is not a column of output_schema"));
  }

  @Test
  void textThatIsNoSplTypeIsRefusedWithTheParsersReason() {
    String message = refused(Map.of("amount", "decimal65"), Direction.INPUT).getMessage();
    assertTrue(
        message.startsWith(
            "spl_types gives column 'amount' the type \"decimal65\", which is not an SPL type: "),
        message);
    assertTrue(message.contains("unknown SPL type decimal65"), message);
  }

  @Test
  void aTypeThatCannotHoldTheColumnNamesBothTypesAndWhatFits() {
    assertEquals(
        "spl_types gives column 'id' (Spark type string) the SPL type decimal64, which does not fit it: decimal64"
            + " takes decimal columns (values rounded to its 16 digits); a string column takes rstring (the"
            + " default), ustring, rstring[n] or xml, or optional<T> of one of those (a null becomes no value)",
        refused(Map.of("id", "decimal64"), Direction.INPUT).getMessage());
    assertEquals(
        "spl_types gives column 'ratio' (Spark type double) the SPL type int32, which does not fit it: int32 takes"
            + " integer columns (tinyint, smallint, int, bigint, decimal(p,0)), each value checked against its range"
            + " -2147483648 to 2147483647; a double column takes float32 or float64 (the default), or optional<T> of"
            + " one of those (a null becomes no value)",
        refused(Map.of("ratio", "int32"), Direction.INPUT).getMessage());
  }

  @Test
  void onInputEveryIntegerTypeTakesEveryIntegerColumn() {
    for (String spl :
        new String[] {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}) {
      for (String spark :
          new String[] {"tinyint", "smallint", "int", "bigint", "decimal(20,0)", "decimal(5,0)"}) {
        assertNull(inputMisfit(spl, spark), spl + " from " + spark);
      }
      assertTrue(inputMisfit(spl, "decimal(10,2)").startsWith(spl + " takes integer columns"));
      assertTrue(inputMisfit(spl, "double").startsWith(spl + " takes integer columns"));
    }
  }

  @Test
  void onInputFloatsTakeBothFloatColumnsAndDecimalsEveryDecimal() {
    assertNull(inputMisfit("float32", "double"));
    assertNull(inputMisfit("float64", "float"));
    assertNull(inputMisfit("decimal32", "decimal(38,18)"));
    assertNull(inputMisfit("decimal128", "decimal(5,5)"));
    assertTrue(inputMisfit("decimal64", "bigint").startsWith("decimal64 takes decimal columns"));
    assertTrue(
        inputMisfit("float64", "decimal(10,2)")
            .startsWith("float64 takes float and double columns"));
  }

  @Test
  void stringsTimestampsBlobsAndBooleansTakeTheirOwnKindOnly() {
    assertNull(inputMisfit("ustring", "string"));
    assertNull(inputMisfit("rstring[3]", "string"));
    assertNull(inputMisfit("optional<rstring>", "string"));
    assertNull(inputMisfit("timestamp", "timestamp"));
    assertNull(inputMisfit("blob", "binary"));
    assertNull(inputMisfit("boolean", "boolean"));
    assertEquals(
        "ustring takes string columns; a binary column takes blob (the default), or optional<T> of one of those (a"
            + " null becomes no value)",
        inputMisfit("ustring", "binary"));
    assertTrue(
        inputMisfit("timestamp", "bigint")
            .startsWith("timestamp takes timestamp columns; a bigint column takes int8,"));
  }

  @Test
  void compositeTypesFitWhereTheirPartsFitAndSayWhichPartDoesNot() {
    assertNull(inputMisfit("list<uint8>[4]", "array<int>"));
    assertNull(inputMisfit("set<ustring>", "array<string>"));
    assertNull(inputMisfit("map<int32, list<decimal64>>", "map<bigint, array<decimal(10,2)>>"));
    assertNull(inputMisfit("tuple<int32 x, optional<ustring> y>", "struct<x: bigint, y: string>"));
    assertEquals(
        "its elements: decimal64 takes decimal columns (values rounded to its 16 digits); a string column takes"
            + " rstring (the default), ustring, rstring[n] or xml, or optional<T> of one of those (a null becomes no value)",
        inputMisfit("list<decimal64>", "array<string>"));
    assertTrue(
        inputMisfit("map<rstring, int32>", "map<string, double>")
            .startsWith("its values: int32 takes"));
    assertTrue(
        inputMisfit("tuple<int32 y, int32 x>", "struct<x: bigint, y: bigint>")
            .startsWith(
                "tuple<int32 y,int32 x> takes struct columns with the fields [y, x] in this order; a"
                    + " struct<x:bigint,y:bigint> column takes tuple<...>"));
    assertTrue(
        inputMisfit("tuple<int32 x>", "struct<x: string>")
            .startsWith("its field 'x': int32 takes"));
    assertTrue(
        inputMisfit("list<int32>", "bigint")
            .startsWith("list<int32> takes array columns; a bigint column"));
  }

  @Test
  void onOutputTheColumnMustHoldTheWholeRangeOfAnIntegerType() {
    assertNull(outputMisfit("uint8", "smallint"));
    assertNull(outputMisfit("uint32", "bigint"));
    assertNull(outputMisfit("uint64", "decimal(20,0)"));
    assertNull(outputMisfit("int64", "decimal(19,0)"));
    assertNull(outputMisfit("int8", "tinyint"));
    assertEquals(
        "uint32 goes into bigint or decimal(p,0) with p >= 10 columns (its range is 0 to 4294967295); an int column"
            + " holds int8, int16, int32 (the default), uint8 or uint16, or optional<T> of one of those (no value"
            + " becomes a null)",
        outputMisfit("uint32", "int"));
    assertTrue(
        outputMisfit("uint64", "bigint")
            .startsWith("uint64 goes into decimal(p,0) with p >= 20 columns"));
    assertTrue(
        outputMisfit("uint8", "tinyint")
            .startsWith(
                "uint8 goes into smallint, int, bigint or decimal(p,0) with p >= 3 columns"));
    assertTrue(outputMisfit("int64", "decimal(18,0)").startsWith("int64 goes into bigint"));
  }

  @Test
  void onOutputFloatsWidenOnlyAndDecimalsGoIntoEveryDecimal() {
    assertNull(outputMisfit("float32", "double"));
    assertEquals(
        "float64 goes into double columns; a float column holds float32 (the default), or optional<T> of one of"
            + " those (no value becomes a null)",
        outputMisfit("float64", "float"));
    assertNull(outputMisfit("decimal64", "decimal(10,2)"));
    assertNull(outputMisfit("optional<decimal32>", "decimal(38,18)"));
  }

  @Test
  void everyDefaultTypeGoesBackIntoItsOwnColumnType() {
    for (DataType column :
        new DataType[] {
          DataTypes.StringType,
          DataTypes.ByteType,
          DataTypes.ShortType,
          DataTypes.IntegerType,
          DataTypes.LongType,
          DataTypes.FloatType,
          DataTypes.DoubleType,
          DataTypes.BooleanType,
          DataTypes.TimestampType,
          DataTypes.BinaryType,
          DataTypes.createDecimalType(12, 3),
          DataType.fromDDL("array<map<string, int>>")
        }) {
      assertNull(
          SplSparkTypes.misfit(column, SplSparkTypes.defaultType(column, "c"), Direction.INPUT),
          column.simpleString());
      assertNull(
          SplSparkTypes.misfit(column, SplSparkTypes.defaultType(column, "c"), Direction.OUTPUT),
          column.simpleString());
    }
  }
}
