#include "core/asm/rgbds/sm83_source.h"

namespace core::sm83 {

std::shared_ptr<const SrcLines> splitSource(std::string_view text, int file,
                                            int* unterminatedCommentLine) {
  auto lines = std::make_shared<SrcLines>();
  enum class State { Code, String, TripleString, Char, LineComment, BlockComment } st = State::Code;
  std::string cur;
  int lineNo = 1, curStart = 1, commentStart = 0;
  if (unterminatedCommentLine) *unterminatedCommentLine = 0;

  size_t commentAt = std::string::npos;  // where a `;` comment starts in cur
  auto flush = [&]() {
    // A trailing backslash (outside strings and comments) continues the line, also
    // when a comment follows it (`.Color1=$1E, \ ; why`).
    if (st == State::LineComment && commentAt != std::string::npos) {
      size_t e = commentAt;
      while (e > 0 && (cur[e - 1] == ' ' || cur[e - 1] == '\t')) --e;
      if (e > 0 && cur[e - 1] == '\\' && (e < 2 || cur[e - 2] != '\\')) {
        cur.resize(e - 1);
        cur += ' ';
        commentAt = std::string::npos;
        st = State::Code;
        return;
      }
    }
    commentAt = std::string::npos;
    size_t end = cur.size();
    while (end > 0 && (cur[end - 1] == ' ' || cur[end - 1] == '\t' || cur[end - 1] == '\r')) --end;
    if (st == State::Code && end > 0 && cur[end - 1] == '\\' && (end < 2 || cur[end - 2] != '\\')) {
      cur.resize(end - 1);
      cur += ' ';
      return;
    }
    if (!cur.empty() && cur.back() == '\r') cur.pop_back();
    lines->push_back(SrcLine{std::move(cur), file, curStart});
    cur.clear();
    curStart = lineNo + 1;
  };

  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char n = i + 1 < text.size() ? text[i + 1] : '\0';
    if (c == '\n' && st == State::TripleString) {
      // A `"""` string spans lines: they stay one logical line with the newlines inside.
      cur += c;
      ++lineNo;
      continue;
    }
    if (c == '\n') {
      if (st == State::String || st == State::Char) st = State::Code;
      flush();
      if (st == State::LineComment) st = State::Code;
      ++lineNo;
      if (st != State::BlockComment) continue;
      continue;
    }
    switch (st) {
      case State::Code:
        if (c == '/' && n == '*') {
          st = State::BlockComment;
          commentStart = lineNo;
          cur += "  ";
          ++i;
          continue;
        }
        if (c == '"' && n == '"' && i + 2 < text.size() && text[i + 2] == '"') {
          st = State::TripleString;
          cur += "\"\"\"";
          i += 2;
          continue;
        }
        if (c == ';') {
          st = State::LineComment;
          commentAt = cur.size();
        } else if (c == '"')
          st = State::String;
        else if (c == '\'')
          st = State::Char;
        cur += c;
        break;
      case State::String:
      case State::TripleString:
      case State::Char:
        if (c == '\\' && n != '\0' && n != '\n') {
          cur += c;
          cur += n;
          ++i;
          continue;
        }
        if (st == State::TripleString) {
          if (c == '"' && n == '"' && i + 2 < text.size() && text[i + 2] == '"') {
            st = State::Code;
            cur += "\"\"";
            i += 2;
          }
          cur += c;
          break;
        }
        if ((st == State::String && c == '"') || (st == State::Char && c == '\'')) st = State::Code;
        cur += c;
        break;
      case State::LineComment:
        cur += c;
        break;
      case State::BlockComment:
        if (c == '*' && n == '/') {
          st = State::Code;
          cur += "  ";
          ++i;
        } else {
          cur += ' ';
        }
        break;
    }
  }
  if (st == State::BlockComment && unterminatedCommentLine) *unterminatedCommentLine = commentStart;
  if (!cur.empty()) {
    st = State::Code;
    flush();
  }
  return lines;
}

}  // namespace core::sm83
