// The "Binding" window: binds a built game's labels for the user. It opens after
// File > Open game... on a ROM that nothing binds yet (and from View > Binding for
// an open game). Above, the picks (routine, entity fields, input, map, attribute
// table, boot label, call or frame mode) with the live value of each picked field;
// below, every symbol in a searchable table (name, address, bank, size, region,
// the source line that defines it, the value, "use as"), the rows the model
// suggests highlighted. "Write manifest and scenario..." writes them
// (core::game::writeBinding) and opens the scenario. Everything but drawing is
// core::game::BindingModel's.
#include <imgui.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "app/gui/binding_panel.h"
#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"

namespace fs = std::filesystem;

namespace app {

namespace {

using core::game::BindRole;

const ImVec4 kSuggested(1.0f, 0.82f, 0.4f, 1.0f);
const ImVec4 kPicked(0.5f, 0.9f, 0.5f, 1.0f);
const ImVec4 kMuted(0.6f, 0.6f, 0.65f, 1.0f);

// The roles offered in "use as", in menu order.
const BindRole kRoles[] = {
    BindRole::None, BindRole::Routine, BindRole::X,        BindRole::Y,          BindRole::W,
    BindRole::H,    BindRole::Input,   BindRole::MapCells, BindRole::Attributes, BindRole::BootTo};

std::string fileLine(const core::game::SymbolRow& r) {
  if (r.file.empty()) return "";
  return fs::path(r.file).filename().string() + ":" + std::to_string(r.line);
}

bool samePath(const std::string& a, const std::string& b) {
  std::error_code ec;
  return a == b || fs::equivalent(a, b, ec);
}

class BindingPanel : public Panel {
 public:
  void draw(PanelContext& c) override { c.app.drawBindingPanel(); }
};
RegisterPanel<BindingPanel> reg("Binding", 95);

}  // namespace

// The ROM's summary, symbols and suggestions; the panel shows once drawn.
bool GuiApp::openBindingPanel(const std::string& romPath) {
  auto b = std::make_shared<BindingPanelState>();
  std::string error;
  if (!b->model.open(romPath, &error)) {
    status_ = "Binding: " + error;
    return false;
  }
  // Nothing is picked until the user says so; the values come from a boot to the
  // suggested main loop meanwhile.
  b->visible = true;
  bootBindingModel(*b);
  binding_ = std::move(b);
  std::snprintf(binding_->search, sizeof binding_->search, "%s", opts_.bindingSearch.c_str());
  if (opts_.frames > 0)
    std::printf("script: binding: %zu symbols, %zu suggestions%s\n",
                binding_->model.symbols().size(), binding_->model.suggestions().size(),
                binding_->bootError.empty() ? "" : ("; " + binding_->bootError).c_str());
  return true;
}

// Boots the game as the picks say (a new boot label changes the values shown).
void GuiApp::bootBindingModel(BindingPanelState& b) {
  b.bootError.clear();
  core::game::BindingPicks boot = b.picks;
  if (boot.bootTo.empty()) boot.bootTo = b.model.suggestedPicks().bootTo;
  b.bootedTo = boot.bootTo;
  if (!b.model.boot(boot, &b.bootError, b.previewFrames))
    b.bootError = "cannot boot the game for values: " + b.bootError;
}

void GuiApp::useSuggestedBindings() {
  BindingPanelState& b = *binding_;
  const core::game::BindingPicks keep = b.picks;
  b.picks = b.model.suggestedPicks();
  // Sizes, mode and hitbox the user set stay.
  b.picks.frameMode = keep.frameMode;
  b.picks.cellsWidth = keep.cellsWidth;
  b.picks.cellsHeight = keep.cellsHeight;
  b.picks.cellsStride = keep.cellsStride;
  b.picks.cellSize = keep.cellSize;
  b.picks.attributeCount = keep.attributeCount;
  b.picks.attributeFormat = keep.attributeFormat;
  b.picks.hitbox = keep.hitbox;
  bootBindingModel(b);
}

// The bytes the value column reads: the open game's bus at the debugger's cursor
// when the document is this game, else the game booted by the panel.
core::game::PeekFn GuiApp::bindingPeek() {
  BindingPanelState& b = *binding_;
  if (sim() && frameCount() > 0 && sim()->scenario().manifest.game &&
      samePath(sim()->scenario().manifest.game->rom, b.model.rom().path)) {
    ensureTrace();  // memory at the cursor of the shown call
    const std::vector<uint8_t>& now = debugger_.memory().now;
    core::Machine* m = &sim()->machine();
    return [&now, m](uint16_t a) -> uint8_t { return a < now.size() ? now[a] : m->peek(a); };
  }
  if (core::game::GameMachine* m = b.model.machine()) return [m](uint16_t a) { return m->peek(a); };
  return {};
}

void GuiApp::drawBindingPicks(const core::game::PeekFn& peek) {
  BindingPanelState& b = *binding_;
  core::game::BindingPicks& p = b.picks;
  const core::game::BindingModel& m = b.model;
  const core::game::BindingPicks d = m.withDefaults(p);
  auto value = [&](const std::string& label) -> std::string {
    const core::game::SymbolRow* r = m.row(label);
    if (!r || !peek) return "";
    const auto type = b.previewTypes.count(label) ? b.previewTypes.at(label)
                                                  : core::game::defaultPreview(r->size);
    return core::valueShapeName(type) + " " +
           core::game::previewValue(peek, uint16_t(r->address), type);
  };
  // An unpicked role shows its best suggestion, marked as one, with a button to take it.
  bool boot = false;
  auto pick = [&](BindRole role, const char* title, const std::string& label, bool needed,
                  bool withValue) {
    ImGui::PushID(int(role));
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextColored(kMuted, "%s", title);
    ImGui::TableSetColumnIndex(1);
    std::string shown = label;
    if (label.empty()) {
      if (const core::game::Suggestion* s = m.bestFor(role)) {
        shown = m.symbols()[s->symbol].name;
        ImGui::TextColored(kSuggested, "%s?", shown.c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("suggested: %s", s->reason.c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("use")) {
          p.assign(role, shown);
          boot = boot || role == BindRole::BootTo;
        }
      } else {
        ImGui::TextColored(needed ? ImVec4(1, 0.55f, 0.45f, 1) : kMuted,
                           needed ? "pick one below" : "-");
      }
    } else {
      ImGui::TextColored(kPicked, "%s", label.c_str());
    }
    ImGui::TableSetColumnIndex(2);
    if (withValue && !shown.empty()) ImGui::TextUnformatted(value(shown).c_str());
    ImGui::PopID();
  };
  if (ImGui::BeginTable("picks", 3, ImGuiTableFlags_SizingFixedFit, ImVec2(420, 0))) {
    ImGui::TableSetupColumn("role", ImGuiTableColumnFlags_WidthFixed, 80);
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, 210);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed, 110);
    std::string routines;
    for (const std::string& r : p.routines) routines += (routines.empty() ? "" : ", ") + r;
    pick(BindRole::Routine, "routine", routines, true, false);
    pick(BindRole::X, "x", p.x, true, true);
    pick(BindRole::Y, "y", p.y, true, true);
    pick(BindRole::W, "w", p.w, false, true);
    pick(BindRole::H, "h", p.h, false, true);
    pick(BindRole::Input, "input", p.input, false, true);
    pick(BindRole::MapCells, "map", p.cells, false, false);
    pick(BindRole::Attributes, "attributes", p.attributes, false, false);
    pick(BindRole::BootTo, "boot to", p.bootTo, false, false);
    ImGui::EndTable();
  }
  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::PushItemWidth(90);
  ImGui::Text("Mode");
  ImGui::SameLine();
  if (ImGui::RadioButton("call", !p.frameMode)) p.frameMode = false;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Call the routine per entity per frame");
  ImGui::SameLine();
  if (ImGui::RadioButton("frame", p.frameMode)) p.frameMode = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Run the game's own main loop; record every call");
  int cells[3] = {d.cellsWidth, d.cellsHeight, d.cellsStride};
  ImGui::SetNextItemWidth(150);
  if (ImGui::InputInt3("map w, h, stride", cells)) {
    p.cellsWidth = std::clamp(cells[0], 1, 1024);
    p.cellsHeight = std::clamp(cells[1], 1, 1024);
    p.cellsStride = std::clamp(cells[2], 1, 1024);
  }
  int cellIndex = d.cellSize == 16 ? 1 : 0;
  if (ImGui::Combo("cell px", &cellIndex,
                   "8\0"
                   "16\0"))
    p.cellSize = cellIndex ? 16 : 8;
  int count = p.attributeCount;
  if (ImGui::InputInt("attributes", &count)) p.attributeCount = std::clamp(count, 1, 256);
  int format = int(p.attributeFormat);
  if (ImGui::Combo("format", &format, "mrn\0walkable\0solid-bit\0"))
    p.attributeFormat = core::AttributeFormat(format);
  int box[4] = {d.hitbox->x, d.hitbox->y, d.hitbox->w, d.hitbox->h};
  ImGui::SetNextItemWidth(200);
  if (ImGui::InputInt4("hitbox x, y, w, h", box))
    p.hitbox = core::Hitbox{box[0], box[1], std::max(1, box[2]), std::max(1, box[3])};
  ImGui::PopItemWidth();
  ImGui::EndGroup();
  if (boot) bootBindingModel(b);
}

void GuiApp::drawBindingTable(const core::game::PeekFn& peek) {
  BindingPanelState& b = *binding_;
  const core::game::BindingModel& m = b.model;
  if (b.rowsFor != b.search || b.rows.empty() != m.symbols().empty()) {
    b.rows = m.search(b.search);
    b.rowsFor = b.search;
  }
  const bool banked = core::game::romBankCount(m.rom()) > 1;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                                     ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("symbols", 8, kFlags, ImVec2(0, -ImGui::GetFrameHeightWithSpacing())))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, 220);
  ImGui::TableSetupColumn("address", ImGuiTableColumnFlags_WidthFixed, 62);
  ImGui::TableSetupColumn("size", ImGuiTableColumnFlags_WidthFixed, 40);
  ImGui::TableSetupColumn("region", ImGuiTableColumnFlags_WidthFixed, 48);
  ImGui::TableSetupColumn("source", ImGuiTableColumnFlags_WidthFixed, 170);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed, 120);
  ImGui::TableSetupColumn("use as", ImGuiTableColumnFlags_WidthFixed, 110);
  ImGui::TableSetupColumn("suggestion", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(int(b.rows.size()));
  while (clipper.Step()) {
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      const size_t index = b.rows[size_t(k)];
      const core::game::SymbolRow& r = m.symbols()[index];
      const core::game::Suggestion* s = m.suggestionFor(index);
      const BindRole picked = b.picks.roleOf(r.name);
      ImGui::PushID(int(index));
      ImGui::TableNextRow();
      if (s && picked == BindRole::None)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(90, 70, 20, 110));
      if (picked != BindRole::None)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(30, 90, 40, 130));
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(r.name.c_str());
      ImGui::TableSetColumnIndex(1);
      if (r.region == core::game::Region::Constant)
        ImGui::TextColored(kMuted, "= $%X", r.address);
      else if (banked && r.region == core::game::Region::Rom)
        ImGui::Text("%02X:%04X", unsigned(r.bank), r.address);
      else
        ImGui::Text("$%04X", r.address);
      ImGui::TableSetColumnIndex(2);
      if (r.size) ImGui::Text("%u", r.size);
      ImGui::TableSetColumnIndex(3);
      ImGui::TextColored(kMuted, "%s", core::game::regionName(r.region));
      ImGui::TableSetColumnIndex(4);
      const std::string where = fileLine(r);
      ImGui::TextUnformatted(where.c_str());
      if (!where.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.file.c_str());
      ImGui::TableSetColumnIndex(5);
      if (peek && r.region == core::game::Region::Ram) {
        auto it = b.previewTypes.find(r.name);
        const core::ValueShape type =
            it != b.previewTypes.end() ? it->second : core::game::defaultPreview(r.size);
        ImGui::SetNextItemWidth(64);
        if (ImGui::BeginCombo("##type", core::valueShapeName(type).c_str())) {
          for (const core::ValueShape& s : core::game::kPreviewShapes)
            if (ImGui::Selectable(core::valueShapeName(s).c_str(), s == type))
              b.previewTypes[r.name] = s;
          ImGui::EndCombo();
        }
        ImGui::SameLine();
        ImGui::TextUnformatted(core::game::previewValue(peek, uint16_t(r.address), type).c_str());
      }
      ImGui::TableSetColumnIndex(6);
      int role = 0;
      for (int i = 0; i < core::game::kBindRoleCount; ++i)
        if (kRoles[i] == picked) role = i;
      ImGui::SetNextItemWidth(-1);
      if (ImGui::BeginCombo("##use", role ? core::game::bindRoleName(kRoles[role]) : "")) {
        for (int i = 0; i < core::game::kBindRoleCount; ++i)
          if (ImGui::Selectable(core::game::bindRoleName(kRoles[i]), i == role)) {
            b.picks.assign(kRoles[i], r.name);
            if (kRoles[i] == BindRole::BootTo || b.bootedTo == r.name) bootBindingModel(b);
          }
        ImGui::EndCombo();
      }
      ImGui::TableSetColumnIndex(7);
      if (s) {
        ImGui::TextColored(kSuggested, "suggested: %s", core::game::bindRoleName(s->role));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s->reason.c_str());
      }
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
}

void GuiApp::drawBindingPanel() {
  if (!binding_ || !binding_->visible) return;
  BindingPanelState& b = *binding_;
  ImGui::SetNextWindowPos(ImVec2(150, 60), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(1300, 780), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(1.0f);  // the room behind would show through the table
  const std::string title =
      "Binding: " + fs::path(b.model.rom().path).filename().string() + "###binding";
  if (!ImGui::Begin(title.c_str(), &b.visible)) {
    ImGui::End();
    return;
  }
  const core::game::BindingModel& m = b.model;
  ImGui::TextUnformatted(m.rom().summary.c_str());
  for (const core::game::SymbolSource& s : m.symbolSources())
    ImGui::TextColored(kMuted, "%s: %s, %zu symbols", fs::path(s.path).filename().string().c_str(),
                       s.format.c_str(), s.symbols);
  for (const std::string& w : m.warnings()) ImGui::TextColored(kSuggested, "%s", w.c_str());
  if (!b.bootError.empty()) ImGui::TextColored(kSuggested, "%s", b.bootError.c_str());
  ImGui::Separator();
  const core::game::PeekFn peek = bindingPeek();
  drawBindingPicks(peek);
  ImGui::Separator();
  ImGui::SetNextItemWidth(260);
  ImGui::InputTextWithHint("##search", "search symbols (words, any case)", b.search,
                           sizeof b.search);
  ImGui::SameLine();
  ImGui::TextColored(kMuted, "%zu of %zu", b.rows.size(), m.symbols().size());
  ImGui::SameLine();
  if (ImGui::Button("Use all suggestions")) useSuggestedBindings();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Suggestions are guesses from names: check each pick");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(80);
  if (ImGui::InputInt("frames after boot", &b.previewFrames)) {
    b.previewFrames = std::clamp(b.previewFrames, 0, 3600);
    bootBindingModel(b);
  }
  ImGui::SameLine();
  if (ImGui::Button("Write manifest and scenario...")) {
    const core::game::BindingFiles files = core::game::defaultBindingFiles(m.rom().path);
    b.dialog.open(FileDialog::Mode::Save, "Write scenario (manifest and map beside it)",
                  files.scenario);
  }
  if (!b.status.empty())
    ImGui::TextColored(b.statusError ? kSuggested : kPicked, "%s", b.status.c_str());
  drawBindingTable(peek);
  ImGui::End();
  if (auto path = b.dialog.draw()) writeBindingFiles(*path);
}

// The room written with the scenario: the one the booted game holds, else (no map
// picked, a layout that cannot be read back) an empty room of the table's size.
core::MapDocument GuiApp::bindingRoom(BindingPanelState& b) {
  core::MapDocument room;
  std::string error;
  if (b.model.roomFromGame(b.picks, &room, &error)) return room;
  b.roomNote = "the room is empty (not read from the game: " + error + ")";
  return core::game::blankRoomFor(b.model, b.picks);
}

// The picks into a manifest, map and scenario named after `scenarioPath`
// (NAME.scenario.json -> NAME.manifest.json, NAME.map.json), then opened.
bool GuiApp::writeBindingFiles(const std::string& scenarioPath) {
  BindingPanelState& b = *binding_;
  std::string base = scenarioPath;
  for (const char* ext : {".scenario.json", ".json"})
    if (base.size() > std::strlen(ext) && base.ends_with(ext)) {
      base.resize(base.size() - std::strlen(ext));
      break;
    }
  const core::game::BindingFiles files{base + ".manifest.json", base + ".scenario.json",
                                       base + ".map.json"};
  std::string error;
  b.roomNote.clear();
  const core::MapDocument room = bindingRoom(b);
  if (!core::game::writeBinding(b.model, b.picks, room, files, &error)) {
    b.status = "Not written: " + error;
    b.statusError = true;
    status_ = "Binding: " + b.status;
    if (opts_.frames > 0) std::printf("script: binding: %s\n", b.status.c_str());
    return false;
  }
  b.status = "Wrote " + files.manifest + ", " + files.scenario + " and " + files.map +
             (b.roomNote.empty() ? "" : "; " + b.roomNote);
  b.statusError = false;
  if (opts_.frames > 0) std::printf("script: binding: %s\n", b.status.c_str());
  if (!openPath(files.scenario)) return false;
  b.visible = false;
  return true;
}

}  // namespace app
