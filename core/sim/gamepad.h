// A game controller as the pad byte a scenario's input script holds (Button in
// scenario.h). The GUI reads the controller through GLFW's gamepad API
// (glfwGetGamepadState, which maps every known controller to one layout) and
// records the byte this returns, as it records the keyboard pad; core keeps
// the mapping so it is tested without a window.
//
//   core::GamepadState g;  // filled from GLFWgamepadstate (same indices)
//   uint8_t pad = core::gamepadPad(g);
#pragma once

#include <array>
#include <cstdint>

namespace core {

// The indices of GLFW's gamepad layout (GLFW_GAMEPAD_BUTTON_*, GLFW_GAMEPAD_AXIS_*):
// an Xbox-style pad, A at the bottom, B on the right.
enum GamepadButton : uint8_t {
  kPadA = 0,  // bottom face button
  kPadB = 1,  // right
  kPadX = 2,  // left
  kPadY = 3,  // top
  kPadLeftBumper = 4,
  kPadRightBumper = 5,
  kPadBack = 6,
  kPadStart = 7,
  kPadGuide = 8,
  kPadLeftThumb = 9,
  kPadRightThumb = 10,
  kPadDpadUp = 11,
  kPadDpadRight = 12,
  kPadDpadDown = 13,
  kPadDpadLeft = 14,
  kPadButtonCount = 15,
};
enum GamepadAxis : uint8_t {
  kPadLeftX = 0,  // -1 left .. +1 right
  kPadLeftY = 1,  // -1 up .. +1 down
  kPadRightX = 2,
  kPadRightY = 3,
  kPadLeftTrigger = 4,
  kPadRightTrigger = 5,
  kPadAxisCount = 6,
};

struct GamepadState {
  std::array<bool, kPadButtonCount> buttons{};
  std::array<float, kPadAxisCount> axes{};
};

// How far the left stick must lean (0..1) before it counts as a d-pad direction.
inline constexpr float kGamepadDeadZone = 0.5f;

// The pad byte: d-pad and the left stick (past `deadZone` on an axis) are
// Up/Down/Left/Right; the right face button (B) and the top one (Y) are the
// NES/Game Boy A, the bottom (A) and left (X) ones are B, as the console's
// pads sit (B left of A); Start is Start and Back is Select. Opposite
// directions held together cancel, as a real d-pad cannot press both.
uint8_t gamepadPad(const GamepadState& g, float deadZone = kGamepadDeadZone);

}  // namespace core
