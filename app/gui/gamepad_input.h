// The first connected gamepad, read through GLFW's gamepad API (a controller
// GLFW has a mapping for: glfwJoystickIsGamepad), as a pad byte for input
// recording (core::gamepadPad does the mapping) and a name for the Timeline.
//
//   const GamepadReading g = readGamepad();   // call on the main thread
//   if (g.connected) pad |= g.pad;
#pragma once

#include <cstdint>
#include <string>

namespace app {

struct GamepadReading {
  bool connected = false;
  std::string name;  // glfwGetGamepadName, e.g. "Xbox Controller"
  uint8_t pad = 0;   // core::Button bits held now
};

GamepadReading readGamepad();

}  // namespace app
