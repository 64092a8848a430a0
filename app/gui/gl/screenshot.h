// Reads back the current OpenGL framebuffer and writes it as a PNG.
#pragma once

#include <string>

namespace app {

bool writeFramebufferPng(const std::string& path, int width, int height, std::string* error);

}  // namespace app
