// For tests of what a child process leaves behind: whether a process has ended.
#pragma once

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

namespace core::test {

// The process `pid` has ended (gone, or a zombie waiting for init), within `ms`.
inline bool endsWithin(const std::string& pid, int ms) {
  for (int waited = 0; waited < ms; waited += 20) {
    std::ifstream stat("/proc/" + pid + "/stat");
    std::string text;
    if (!stat || !std::getline(stat, text)) return true;
    const size_t paren = text.rfind(')');
    if (paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] == 'Z')
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

}  // namespace core::test
