#include "core/sim/gamepad.h"

#include "core/sim/scenario.h"

namespace core {

uint8_t gamepadPad(const GamepadState& g, float deadZone) {
  const auto& b = g.buttons;
  const float x = g.axes[kPadLeftX], y = g.axes[kPadLeftY];
  bool up = b[kPadDpadUp] || y <= -deadZone;
  bool down = b[kPadDpadDown] || y >= deadZone;
  bool left = b[kPadDpadLeft] || x <= -deadZone;
  bool right = b[kPadDpadRight] || x >= deadZone;
  if (up && down) up = down = false;
  if (left && right) left = right = false;
  uint8_t pad = 0;
  if (up) pad |= kButtonUp;
  if (down) pad |= kButtonDown;
  if (left) pad |= kButtonLeft;
  if (right) pad |= kButtonRight;
  if (b[kPadB] || b[kPadY]) pad |= kButtonA;
  if (b[kPadA] || b[kPadX]) pad |= kButtonB;
  if (b[kPadStart]) pad |= kButtonStart;
  if (b[kPadBack]) pad |= kButtonSelect;
  return pad;
}

}  // namespace core
