#include "core/asm/includes.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/util/files.h"

namespace core {
namespace {

namespace fs = std::filesystem;

bool startsWithWord(const std::string& s, size_t at, const char* word) {
  size_t n = 0;
  for (; word[n]; ++n)
    if (at + n >= s.size() || std::tolower((unsigned char)s[at + n]) != word[n]) return false;
  const size_t end = at + n;
  return end == s.size() || std::isspace((unsigned char)s[end]) || s[end] == '"';
}

size_t skipSpace(const std::string& s, size_t i) {
  while (i < s.size() && std::isspace((unsigned char)s[i])) ++i;
  return i;
}

// Skips a leading `label:` (or `label::`), returning where the statement starts.
size_t skipLabel(const std::string& s, size_t i) {
  size_t j = i;
  while (j < s.size() &&
         (std::isalnum((unsigned char)s[j]) || s[j] == '_' || s[j] == '@' || s[j] == '.'))
    ++j;
  if (j == i || j >= s.size() || s[j] != ':') return i;
  while (j < s.size() && s[j] == ':') ++j;
  return skipSpace(s, j);
}

std::optional<std::string> readText(const std::string& path, const IncludeReader& read) {
  if (read)
    if (auto text = read(path)) return text;
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  return readTextFile(path);
}

std::string normal(const std::string& path) {
  return fs::path(path).lexically_normal().string();
}

std::string absoluteNormal(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  return (ec ? fs::path(path) : p).lexically_normal().string();
}

std::vector<std::string> candidates(const std::string& includer, const std::string& name,
                                    const std::vector<std::string>& includeDirs) {
  if (fs::path(name).is_absolute()) return {normal(name)};
  std::vector<std::string> out;
  out.push_back(normal((fs::path(includer).parent_path() / name).string()));
  for (const std::string& d : includeDirs) out.push_back(normal((fs::path(d) / name).string()));
  return out;
}

}  // namespace

std::optional<std::string> includeName(const std::string& line, IncludeSyntax syntax) {
  size_t i = skipLabel(line, skipSpace(line, 0));
  const char* word = syntax == IncludeSyntax::Ca65 ? ".include" : "include";
  if (!startsWithWord(line, i, word)) return std::nullopt;
  i = skipSpace(line, i + std::char_traits<char>::length(word));
  if (i >= line.size() || line[i] != '"') return std::nullopt;
  const size_t end = line.find('"', i + 1);
  if (end == std::string::npos || end == i + 1) return std::nullopt;
  return line.substr(i + 1, end - i - 1);
}

std::vector<std::string> findIncludes(const std::vector<std::string>& sources, IncludeSyntax syntax,
                                      const IncludeReader& read,
                                      const std::vector<std::string>& includeDirs) {
  std::vector<std::string> seen(sources.begin(), sources.end()), found;
  std::vector<std::string> pending(sources.rbegin(), sources.rend());
  auto known = [&](const std::string& p) {
    return std::any_of(seen.begin(), seen.end(),
                       [&](const std::string& s) { return samePath(s, p); });
  };
  while (!pending.empty()) {
    const std::string file = pending.back();
    pending.pop_back();
    const auto text = readText(file, read);
    if (!text) continue;
    std::vector<std::string> here;
    size_t start = 0;
    while (start < text->size()) {
      size_t end = text->find('\n', start);
      if (end == std::string::npos) end = text->size();
      if (auto name = includeName(text->substr(start, end - start), syntax))
        for (const std::string& c : candidates(file, *name, includeDirs)) {
          if (!readText(c, read)) continue;
          if (!known(c)) {
            seen.push_back(c);
            found.push_back(c);
            here.push_back(c);
          }
          break;
        }
      start = end + 1;
    }
    pending.insert(pending.end(), here.rbegin(), here.rend());  // depth-first, in order
  }
  return found;
}

bool samePath(const std::string& a, const std::string& b) {
  return a == b || absoluteNormal(a) == absoluteNormal(b);
}

}  // namespace core
