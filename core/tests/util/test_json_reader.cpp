// The typed JSON reader (core/util/json_reader.h) every loader reads through:
// errors name the JSON path, the first error wins and later reads return their
// defaults, numbers come as JSON integers, whole floats or the documented text
// forms ("$7B", "0x7b", "%01111011") and nothing else, the format line is
// checked, and a text that does not parse says where (file:line:col). Checks
// the behaviour the loaders and docs/limits.md rely on.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "core/tests/temp_dir_test.h"
#include "core/util/json_reader.h"

namespace core {
namespace {

using nlohmann::json;

TEST(JsonReader, JoinsPathsByKeyAndIndex) {
  EXPECT_EQ(JsonReader::join("", "room"), "room");
  EXPECT_EQ(JsonReader::join("room", "cells"), "room.cells");
  EXPECT_EQ(JsonReader::join("room.cells", size_t(3)), "room.cells[3]");
}

TEST(JsonReader, MissingAndMistypedFieldsNameTheirPath) {
  const json j = json::parse(R"({"room": {"w": "wide", "name": 7, "solid": 1, "cells": {}}})");
  std::string error;
  JsonReader r(j, &error);
  const json* room = r.object(j, "", "room");
  ASSERT_NE(room, nullptr);
  EXPECT_EQ(r.integer(*room, "room", "w", 1, 64), 1);  // the low end on error
  EXPECT_EQ(error, "room.w: expected a number, found \"wide\"");

  auto failure = [&](auto read) {
    std::string e;
    JsonReader rr(j, &e);
    read(rr, j["room"]);
    return e;
  };
  EXPECT_EQ(failure([](JsonReader& rr, const json& o) { rr.integer(o, "room", "h", 1, 64); }),
            "room.h: missing");
  EXPECT_EQ(failure([](JsonReader& rr, const json& o) { rr.string(o, "room", "name"); }),
            "room.name: expected a string, found a number");
  EXPECT_EQ(failure([](JsonReader& rr, const json& o) { rr.boolean(o, "room", "solid"); }),
            "room.solid: expected true or false, found a number");
  EXPECT_EQ(failure([](JsonReader& rr, const json& o) { rr.array(o, "room", "cells"); }),
            "room.cells: expected an array, found an object");
  EXPECT_EQ(failure([](JsonReader& rr, const json& o) { rr.object(o, "room", "name"); }),
            "room.name: expected an object, found a number");
  EXPECT_EQ(failure([](JsonReader& rr, const json& o) { rr.field(o["name"], "room.name", "x"); }),
            "room.name: expected an object, found a number");
}

TEST(JsonReader, OptionalFieldsFallBackWithoutAnError) {
  const json j = json::parse(R"({"a": 1})");
  std::string error;
  JsonReader r(j, &error);
  EXPECT_EQ(r.field(j, "", "b", false), nullptr);
  EXPECT_EQ(r.integer(j, "", "b", 0, 9, 4), 4);
  EXPECT_EQ(r.string(j, "", "b", "dflt"), "dflt");
  EXPECT_TRUE(r.boolean(j, "", "b", true));
  EXPECT_EQ(r.array(j, "", "b", false), nullptr);
  EXPECT_EQ(r.object(j, "", "b", false), nullptr);
  EXPECT_TRUE(r.ok()) << error;
  EXPECT_EQ(r.integer(j, "", "a", 0, 9, 4), 1);  // present: the value, not the fallback
}

TEST(JsonReader, TheFirstErrorWinsAndLaterReadsReturnDefaults) {
  const json j = json::parse(R"({"a": "x", "b": 5, "c": "text"})");
  std::string error;
  JsonReader r(j, &error);
  r.integer(j, "", "a", 0, 9);
  const std::string first = error;
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(r.integer(j, "", "b", 0, 9), 0);  // a valid field, but the reader has failed
  EXPECT_EQ(r.string(j, "", "c", "fallback"), "fallback");
  EXPECT_EQ(r.field(j, "", "b"), nullptr);
  r.fail("elsewhere", "a second problem");
  EXPECT_EQ(error, first);
  EXPECT_FALSE(r.ok());
}

TEST(JsonReader, FailWithoutAPathIsTheMessageAlone) {
  std::string error;
  JsonReader r(json::object(), &error);
  r.fail("", "needs a room");
  EXPECT_EQ(error, "needs a room");
}

// The value `element` reads from `v`, or the error it gives.
std::string elementOf(const json& v, int64_t lo = 0, int64_t hi = 255) {
  std::string error;
  JsonReader r(v, &error);
  const int64_t n = r.element(v, "v", lo, hi);
  return error.empty() ? std::to_string(n) : error;
}

TEST(JsonReader, NumbersInTheirDocumentedForms) {
  EXPECT_EQ(elementOf(123), "123");
  EXPECT_EQ(elementOf("$7B"), "123");
  EXPECT_EQ(elementOf("0x7b"), "123");
  EXPECT_EQ(elementOf("0X7B"), "123");
  EXPECT_EQ(elementOf("%01111011"), "123");
  EXPECT_EQ(elementOf("-$10", -128, 127), "-16");
  EXPECT_EQ(elementOf(3.0), "3");    // a whole float is that integer
  EXPECT_EQ(elementOf(1e2), "100");  // written with an exponent
}

TEST(JsonReader, NumbersOutOfRangeOrInTheWrongFormAreRefused) {
  EXPECT_EQ(elementOf(256), "v: 256 out of range (0..255)");
  EXPECT_EQ(elementOf(-1), "v: -1 out of range (0..255)");
  EXPECT_EQ(elementOf("$100"), "v: 256 out of range (0..255)");
  EXPECT_EQ(elementOf(1e12), "v: 1000000000000 out of range (0..255)");
  EXPECT_EQ(elementOf(json(uint64_t(18446744073709551615u))),
            "v: 18446744073709551615 out of range (0..255)");
  EXPECT_EQ(elementOf(2.5), "v: expected a whole number, found a fraction");
  EXPECT_EQ(elementOf(true), "v: expected a whole number, found a boolean");
  EXPECT_EQ(elementOf(nullptr), "v: expected a whole number, found null");
  EXPECT_EQ(elementOf(json::array()), "v: expected a whole number, found an array");
  EXPECT_EQ(elementOf("$"), "v: expected a number, found \"$\"");
  EXPECT_EQ(elementOf("$7G"), "v: expected a number, found \"$7G\"");
  EXPECT_EQ(elementOf("%012"), "v: expected a number, found \"%012\"");
  // A decimal number in quotes is a number typed as text.
  EXPECT_NE(elementOf("60").find("expected an integer, found the string \"60\""),
            std::string::npos);
  // More binary digits than the field has bits, even when the extra ones are 0.
  EXPECT_EQ(elementOf("%0001111011"),
            "v: \"%0001111011\" has 10 binary digits; the field holds 8 bits");
  EXPECT_EQ(elementOf("%11", 0, 3), "3");
}

TEST(JsonReader, ParseNumberText) {
  EXPECT_EQ(parseNumberText("42"), 42);
  EXPECT_EQ(parseNumberText("-42"), -42);
  EXPECT_EQ(parseNumberText("$ff"), 255);
  EXPECT_EQ(parseNumberText("0xFF"), 255);
  EXPECT_EQ(parseNumberText("%101"), 5);
  EXPECT_EQ(parseNumberText(""), std::nullopt);
  EXPECT_EQ(parseNumberText("-"), std::nullopt);
  EXPECT_EQ(parseNumberText("0x"), std::nullopt);
  EXPECT_EQ(parseNumberText("12a"), std::nullopt);
  EXPECT_EQ(parseNumberText(" 1"), std::nullopt);
  // Bounded (2^40): a long string of digits is refused, not wrapped.
  EXPECT_EQ(parseNumberText("$10000000000"), int64_t(1) << 40);
  EXPECT_EQ(parseNumberText("$10000000001"), std::nullopt);
  EXPECT_EQ(parseNumberText("99999999999999999999999"), std::nullopt);
}

TEST(JsonReader, FormatLineNamesKindAndVersion) {
  auto check = [](const json& j, int maxVersion = 2) {
    std::string error;
    JsonReader r(j, &error);
    const bool ok = r.format(j, "collidoscope-map", maxVersion);
    EXPECT_EQ(ok, error.empty()) << error;
    return error;
  };
  EXPECT_EQ(check({{"format", "collidoscope-map/1"}}), "");
  EXPECT_EQ(check({{"format", "collidoscope-map/2"}}), "");
  EXPECT_EQ(check({{"format", "collidoscope-map/3"}}),
            "format: version 3 is newer than this build reads (2)");
  EXPECT_EQ(check({{"format", "collidoscope-scenario/1"}}),
            "format: \"collidoscope-scenario/1\" is not a collidoscope-map file");
  EXPECT_EQ(check({{"format", "collidoscope-map/0"}}),
            "format: bad version in \"collidoscope-map/0\"");
  EXPECT_EQ(check({{"format", "collidoscope-map/x"}}),
            "format: bad version in \"collidoscope-map/x\"");
  EXPECT_EQ(check(json::object()), "format: missing");
  EXPECT_EQ(check({{"format", 1}}), "format: expected a string, found a number");
}

TEST(ParseJson, SyntaxErrorsSayFileLineAndColumn) {
  std::string error;
  EXPECT_FALSE(parseJson("{\n  \"a\": 1,\n  \"b\": ]\n}", "f.json", &error));
  EXPECT_EQ(error.rfind("f.json:3:8: ", 0), 0u) << error;
  EXPECT_NE(error.find("parse error"), std::string::npos) << error;
  EXPECT_EQ(error.find("[json.exception"), std::string::npos) << error;
  // An empty text, and a number too large for a double, are located errors too.
  EXPECT_FALSE(parseJson("", "empty.json", &error));
  EXPECT_EQ(error.rfind("empty.json:", 0), 0u) << error;
  EXPECT_FALSE(parseJson("[1e999]", "big.json", &error));
  EXPECT_EQ(error.rfind("big.json:1:2: ", 0), 0u) << error;
  // A caller that only needs to know may pass no error.
  EXPECT_FALSE(parseJson("{", "x.json", nullptr));
}

TEST(ParseJson, NestingIsBoundedAtTheLimit) {
  const std::string atLimit = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
  std::string error;
  EXPECT_TRUE(parseJson(atLimit, "ok.json", &error)) << error;
  const std::string past =
      "\n" + std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']');
  EXPECT_FALSE(parseJson(past, "deep.json", &error));
  EXPECT_EQ(error, "deep.json:2:" + std::to_string(kMaxJsonDepth + 1) +
                       ": arrays and objects nested 257 deep; the limit is 256");
  // Brackets inside strings do not count.
  const std::string inString = "[\"" + std::string(1000, '[') + "\"]";
  EXPECT_TRUE(parseJson(inString, "s.json", &error)) << error;
  // A syntax error before the deep part is the error reported.
  EXPECT_FALSE(parseJson("[1,,]" + past, "syn.json", &error));
  EXPECT_NE(error.find("parse error"), std::string::npos) << error;
}

TEST(ParseJson, OrderedKeepsTheKeysAsWritten) {
  std::string error;
  auto j = parseOrderedJson(R"({"z": 1, "a": 2, "m": 3})", "o.json", &error);
  ASSERT_TRUE(j) << error;
  std::string keys;
  for (auto it = j->begin(); it != j->end(); ++it) keys += it.key();
  EXPECT_EQ(keys, "zam");
}

class ReadJsonFile : public test::TempDirTest {
 protected:
  ReadJsonFile() : TempDirTest("collidoscope_json_reader_") {}
  void writeFile(const std::string& name, const std::string& text) {
    std::ofstream(path(name)) << text;
  }
};

TEST_F(ReadJsonFile, ReadsAFileAndNamesItInErrors) {
  std::string error = "stale";
  writeFile("good.json", R"({"a": [1, 2]})");
  auto j = readJsonFile(path("good.json"), &error);
  ASSERT_TRUE(j) << error;
  EXPECT_EQ((*j)["a"][1], 2);
  EXPECT_TRUE(error.empty());  // cleared on success
  writeFile("bad.json", "{\"a\": tru}");
  EXPECT_FALSE(readJsonFile(path("bad.json"), &error));
  EXPECT_EQ(error.rfind(path("bad.json") + ":1:", 0), 0u) << error;
  EXPECT_FALSE(readJsonFile(path("absent.json"), &error));
  EXPECT_NE(error.find(path("absent.json")), std::string::npos) << error;
}

}  // namespace
}  // namespace core
