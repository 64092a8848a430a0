// The libFuzzer dictionaries of core/fuzz/dict/ follow libFuzzer's syntax: a
// comment, a blank line, or an optional name, '=', and a quoted string of
// printable or space bytes whose only escapes are \\, \" and \xNN. libFuzzer
// refuses the whole file otherwise (ParseDictionaryFile), and the target then
// runs nothing.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

// Empty when `line` is a valid dictionary line, else why not.
std::string dictLineError(const std::string& line) {
  size_t i = 0;
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  if (i == line.size() || line[i] == '#') return {};
  const size_t quote = line.find('"', i);
  if (quote == std::string::npos) return "no quoted string";
  if (quote != i) {
    const std::string name = line.substr(i, quote - i);
    if (name.back() != '=') return "text before the string is not NAME=";
  }
  size_t j = quote + 1;
  for (; j < line.size() && line[j] != '"'; ++j) {
    const unsigned char c = static_cast<unsigned char>(line[j]);
    if (!std::isprint(c) && !std::isspace(c)) return "a raw byte that needs \\xNN";
    if (c != '\\') continue;
    if (j + 1 >= line.size()) return "a \\ at the end";
    const char e = line[j + 1];
    if (e == '\\' || e == '"') {
      ++j;
    } else if (e == 'x' && j + 3 < line.size() &&
               std::isxdigit(static_cast<unsigned char>(line[j + 2])) &&
               std::isxdigit(static_cast<unsigned char>(line[j + 3]))) {
      j += 3;
    } else {
      return std::string("the escape \\") + e + " (only \\\\, \\\" and \\xNN)";
    }
  }
  if (j >= line.size()) return "no closing quote";
  for (++j; j < line.size(); ++j)
    if (!std::isspace(static_cast<unsigned char>(line[j]))) return "text after the string";
  return {};
}

TEST(FuzzDictionaries, EveryLineIsOneLibFuzzerReads) {
  const std::filesystem::path dir =
      std::filesystem::path(COLLIDOSCOPE_SOURCE_DIR) / "core/fuzz/dict";
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".dict") continue;
    ++files;
    std::ifstream in(entry.path());
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      ++n;
      const std::string error = dictLineError(line);
      EXPECT_TRUE(error.empty()) << entry.path().filename().string() << ":" << n << ": " << error
                                 << ": " << line;
    }
  }
  EXPECT_GE(files, 17);
}

// scripts/fuzz passes dict/NAME.dict to fuzz_NAME only: a dictionary named for no
// target is never read.
TEST(FuzzDictionaries, EachNamesATarget) {
  const std::filesystem::path fuzz = std::filesystem::path(COLLIDOSCOPE_SOURCE_DIR) / "core/fuzz";
  for (const auto& entry : std::filesystem::directory_iterator(fuzz / "dict")) {
    if (entry.path().extension() != ".dict") continue;
    const std::string target = "fuzz_" + entry.path().stem().string() + ".cpp";
    EXPECT_TRUE(std::filesystem::is_regular_file(fuzz / target))
        << entry.path().filename().string() << ": no core/fuzz/" << target;
  }
}

TEST(FuzzDictionaries, TheCheckRefusesWhatLibFuzzerRefuses) {
  EXPECT_EQ(dictLineError("\"$8000#Main#\\x0A\""), "");
  EXPECT_EQ(dictLineError("kw=\"\\\\1\""), "");
  EXPECT_EQ(dictLineError("# a comment"), "");
  EXPECT_NE(dictLineError("\"$8000#Main#\\n\""), "");
  EXPECT_NE(dictLineError("\"open"), "");
  EXPECT_NE(dictLineError("kw \"x\""), "");
}

}  // namespace
