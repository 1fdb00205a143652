import Foundation
import Testing
import SDUIEnvironment
@testable import SDUISchema
import SDUIAuthoring

private func decode(_ json: String, strict: Bool = false) -> PayloadDecoding {
    PayloadDecoder(options: .init(strict: strict)).decode(Array(json.utf8))
}

private func wrap(_ root: String) -> String { #"{"schemaVersion": 1, "id": "t", "root": \#(root)}"# }

/// A node using every modifier of the chain once, most in their longer spellings.
let everyModifierNode = #"""
{"type": "text", "text": "Sale", "padding": 4, "background": "red", "modifiers": [
  {"padding": {"horizontal": 8}},
  {"frame": {"minWidth": 44, "alignment": "leading"}},
  {"aspectRatio": {"ratio": 2, "contentMode": "fill"}},
  {"background": {"content": {"type": "color", "id": "bg", "color": "blue"}, "alignment": "topLeading", "ignoresSafeArea": true}},
  {"overlay": {"content": {"type": "text", "id": "badge", "text": "1", "modifiers": [{"offset": {"x": 4}}]}, "alignment": "topTrailing"}},
  {"offset": {"x": 2, "y": {"compact": -1, "regular": -2}}},
  {"opacity": 0.5},
  {"cornerRadius": 6},
  {"clipShape": {"roundedRectangle": 4}},
  {"clipShape": "capsule"},
  {"border": {"color": "separator", "width": 0.5}},
  {"border": "red"},
  {"shadow": {"color": "#00000033", "radius": 3, "y": 1}},
  {"fixedSize": {"horizontal": true, "vertical": false}},
  {"fixedSize": true},
  {"layoutPriority": 1},
  {"ignoresSafeArea": {"edges": ["top", "horizontal"]}},
  {"hidden": {"compact": true, "regular": false}},
  {"overlay": "#FFFFFF80"},
  {"aspectRatio": 1.5}
]}
"""#

@Test func `every modifier of the chain decodes in order, with the shorthand keys first in the full chain`() throws {
    let screen = try Screen(json: wrap(everyModifierNode))
    let chain = screen.root.modifiers.chain
    #expect(chain.map(\.name) == ["padding", "frame", "aspectRatio", "background", "overlay", "offset", "opacity", "cornerRadius",
                                  "clipShape", "clipShape", "border", "border", "shadow", "fixedSize", "fixedSize", "layoutPriority",
                                  "ignoresSafeArea", "hidden", "overlay", "aspectRatio"])
    #expect(Set(chain.map(\.name)) == Set(Modifier.knownNames))
    #expect(chain[0] == .padding(Padding(top: 0, leading: 8, bottom: 0, trailing: 8)))
    #expect(chain[2] == .aspectRatio(AspectRatio(ratio: 2, contentMode: .fixed(.fill))))
    #expect(chain[3].decorationContent?.id == "bg")
    #expect(chain[4].decorationContent?.modifiers.chain == [.offset(Offset(x: 4))])
    #expect(chain[5] == .offset(Offset(x: 2, y: .sizeClass(compact: -1, regular: -2))))
    #expect(chain[13] == .fixedSize(FixedSize(horizontal: true, vertical: false)))
    #expect(chain[16] == .ignoresSafeArea([.top, .leading, .trailing]))
    #expect(chain[19] == .aspectRatio(AspectRatio(ratio: 1.5)))
    // The shorthand keys are sugar for the innermost modifiers, in their documented order.
    let full = screen.root.modifiers.fullChain()
    #expect(full.count == chain.count + 2)
    #expect(full[0] == .padding(Padding(4)))
    #expect(full[1] == .background(Decoration(.color(.fixed(Color(parsing: "red")!)), ignoresSafeArea: false)))
    #expect(Array(full.dropFirst(2)) == chain)
}

@Test func `a chain with flat keys survives encode then strict decode, and encodes canonically`() throws {
    let screen = try Screen(json: wrap(everyModifierNode))
    let again = PayloadDecoder(options: .init(strict: true)).decode(screen.jsonData())
    #expect(again.issues.isEmpty, "\(again.issues.map(\.description))")
    #expect(again.screen == screen)
    let json = screen.root.jsonValue.serialized()
    // The shorthand keys stay shorthand keys (before `modifiers`), and each element takes its shortest spelling.
    #expect(json.hasPrefix(#"{"type":"text","text":"Sale","padding":4,"background":"red","modifiers":[{"padding":{"leading":8,"trailing":8}},"#))
    #expect(json.contains(#"{"fixedSize":{"horizontal":true,"vertical":false}},{"fixedSize":true},{"layoutPriority":1},{"ignoresSafeArea":{"edges":["top","leading","trailing"]}}"#))
    #expect(json.hasSuffix(##"{"overlay":"#FFFFFF80"},{"aspectRatio":1.5}]}"##))
}

@Test(arguments: [
    (#"{"type": "color", "modifiers": {"padding": 8}}"#, "/root/modifiers: must be an array of modifiers like [{\"padding\": 8}, {\"background\": \"#F00\"}], got an object"),
    (#"{"type": "color", "modifiers": [{"padding": 8, "opacity": 1}]}"#, "/root/modifiers/0: must be an object with exactly one modifier, like {\"padding\": 8}; got an object with 2 keys"),
    (#"{"type": "color", "modifiers": [8]}"#, "/root/modifiers/0: must be an object with exactly one modifier, like {\"padding\": 8}; got a number"),
    (#"{"type": "color", "modifiers": [{"opacity": 2}]}"#, "/root/modifiers/0/opacity: must be between 0 and 1, got 2"),
    (#"{"type": "color", "modifiers": [{"padding": -1}]}"#, "/root/modifiers/0/padding: must be ≥ 0, got -1"),
    (#"{"type": "color", "modifiers": [{"frame": {"width": -4}}]}"#, "/root/modifiers/0/frame/width: must be ≥ 0, got -4"),
    (#"{"type": "color", "modifiers": [{"aspectRatio": {"ratio": 0}}]}"#, "/root/modifiers/0/aspectRatio/ratio: must be > 0, got 0"),
    (#"{"type": "color", "modifiers": [{"offset": {"z": 1}}]}"#, "/root/modifiers/0/offset/z: offset takes x and y; got \"z\""),
    (#"{"type": "color", "modifiers": [{"clipShape": "star"}]}"#, "/root/modifiers/0/clipShape: must be one of circle, capsule, ellipse, rectangle or {\"roundedRectangle\": radius}; got \"star\""),
    (#"{"type": "color", "modifiers": [{"border": {"width": 2}}]}"#, "/root/modifiers/0/border/color: required: the border's color"),
    (#"{"type": "color", "modifiers": [{"shadow": {"x": 2}}]}"#, "/root/modifiers/0/shadow/radius: required: the shadow's blur radius in points"),
    (#"{"type": "color", "modifiers": [{"fixedSize": "yes"}]}"#, "/root/modifiers/0/fixedSize: must be true or {\"horizontal\": true|false, \"vertical\": true|false}; got \"yes\""),
    (#"{"type": "color", "modifiers": [{"ignoresSafeArea": {"edges": ["up"]}}]}"#, "/root/modifiers/0/ignoresSafeArea/edges/0: must be one of top, leading, bottom, trailing, horizontal, vertical, all; got \"up\""),
    (#"{"type": "color", "modifiers": [{"hidden": "no"}]}"#, "/root/modifiers/0/hidden: must be true or false, got \"no\""),
    (#"{"type": "color", "modifiers": [{"background": {"content": {"type": "color"}, "color": "red"}}]}"#, "/root/modifiers/0/background/color: give content or color, not both"),
    (#"{"type": "color", "modifiers": [{"overlay": {"content": {"type": "image", "aspectRatio": -1}}}]}"#, "/root/modifiers/0/overlay/content/aspectRatio: must be > 0, got -1"),
    (#"{"type": "color", "modifiers": [{"background": "blurple"}]}"#, "/root/modifiers/0/background: must be #RGB, #RRGGBB, #RRGGBBAA or a system color"),
])
func `a bad modifier is an error naming its JSON Pointer`(json: String, expected: String) {
    let errors = decode(wrap(json)).errors.map(\.description)
    #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
}

@Test func `a node inside a background or overlay has its own id, checked for duplicates with a pointer to it`() {
    let json = wrap(#"{"type": "vstack", "children": [{"type": "color", "id": "a"}, {"type": "color", "modifiers": [{"overlay": {"content": {"type": "text", "id": "a", "text": "x"}}}]}]}"#)
    let errors = decode(json).errors.map(\.description)
    #expect(errors == ["/root/children/1/modifiers/0/overlay/content/id: duplicate id \"a\": already used at /root/children/0/id"])
    let reversed = wrap(#"{"type": "vstack", "children": [{"type": "color", "modifiers": [{"background": {"content": {"type": "color", "id": "a"}}}]}, {"type": "color", "id": "a"}]}"#)
    #expect(decode(reversed).errors.map(\.description) == ["/root/children/1/id: duplicate id \"a\": already used at /root/children/0/modifiers/0/background/content/id"])
}

@Test func `an unknown modifier is a warning, kept verbatim, and an error in strict mode`() throws {
    let json = wrap(#"{"type": "color", "modifiers": [{"blur": {"radius": 3}}, {"opacity": 0.5}]}"#)
    let lenient = decode(json)
    #expect(lenient.errors.isEmpty)
    #expect(lenient.warnings.map(\.pointer) == ["/root/modifiers/0/blur"])
    let chain = try #require(lenient.screen).root.modifiers.chain
    #expect(chain == [.unknown(name: "blur", value: ["radius": 3]), .opacity(0.5)])
    #expect(try #require(lenient.screen).root.jsonValue.serialized() == #"{"type":"color","modifiers":[{"blur":{"radius":3}},{"opacity":0.5}]}"#)
    #expect(decode(json, strict: true).screen == nil)
}

@Test func `more than 64 modifiers on a node are refused`() {
    let chain = Array(repeating: #"{"opacity": 1}"#, count: 65).joined(separator: ",")
    let result = decode(wrap(#"{"type": "color", "modifiers": [\#(chain)]}"#))
    #expect(result.errors.map(\.code) == [.limitExceeded])
    #expect(result.errors.first?.pointer == "/root/modifiers")
}

// MARK: GridItems

@Test func `grid columns take GridItems, also per size class, and round-trip`() throws {
    let screen = try Screen(json: wrap(#"""
    {"type": "grid", "columns": {"compact": [{"fixed": 70}, {"adaptive": {"minimum": 40}}],
                                 "regular": [{"flexible": {}, "spacing": 12, "alignment": "top"}, {"flexible": {"minimum": 50, "maximum": "infinity"}}, {"adaptive": {"minimum": 40, "maximum": 100}}]}}
    """#))
    let items = try #require(screen.root.gridItems)
    #expect(items.resolved(for: .compact) == [GridItem(.fixed(70)), GridItem(.adaptive(minimum: 40))])
    #expect(items.resolved(for: .regular) == [GridItem(.flexible(), spacing: 12, alignment: .top), GridItem(.flexible(minimum: 50)),
                                               GridItem(.adaptive(minimum: 40, maximum: 100))])
    #expect(screen.root.columns == nil)
    #expect(screen.root.geometry.usesSizeClasses)
    let again = PayloadDecoder(options: .init(strict: true)).decode(screen.jsonData())
    #expect(again.issues.isEmpty)
    #expect(again.screen == screen)
    #expect(screen.root.jsonValue.serialized().contains(#""regular":[{"flexible":{},"spacing":12,"alignment":"top"},{"flexible":{"minimum":50}},{"adaptive":{"minimum":40,"maximum":100}}]"#))
}

@Test(arguments: [
    (#"{"type": "grid", "columns": []}"#, "/root/columns: must have 1 to 64 GridItems, got 0"),
    (#"{"type": "grid", "columns": [{"adaptive": {}}]}"#, "/root/columns/0/adaptive/minimum: required: the narrowest column an adaptive GridItem makes (> 0)"),
    (#"{"type": "grid", "columns": [{"adaptive": {"minimum": 0}}]}"#, "/root/columns/0/adaptive/minimum: must be > 0, got 0"),
    (#"{"type": "grid", "columns": [{"flexible": {"minimum": 50, "maximum": 20}}]}"#, "/root/columns/0/flexible: minimum 50 is above maximum 20"),
    (#"{"type": "grid", "columns": [{"fixed": 10, "flexible": {}}]}"#, "/root/columns/0/flexible: a GridItem has one size: fixed, flexible or adaptive"),
    (#"{"type": "grid", "columns": [{"spacing": 4}]}"#, "/root/columns/0: required: the GridItem's size, one of fixed, flexible, adaptive"),
    (#"{"type": "grid", "columns": [{"fixed": -1}]}"#, "/root/columns/0/fixed: must be ≥ 0, got -1"),
    (#"{"type": "grid", "columns": [{"fixed": 10, "alignment": "middle"}]}"#, "/root/columns/0/alignment: must be one of"),
    (#"{"type": "grid", "columns": {"compact": 2, "regular": [{"fixed": 10}]}}"#, "/root/columns/compact: must be an array of GridItems"),
])
func `a bad GridItem is an error naming its JSON Pointer`(json: String, expected: String) {
    let errors = decode(wrap(json)).errors.map(\.description)
    #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
}

// MARK: DSL

@Test func `DSL modifiers in the shorthand order write the shorthand keys, so an older app keeps them`() {
    let card = VStack { Text("a") }.padding(8).background("secondaryBackground").cornerRadius(12).node
    #expect(card.modifiers.padding == Padding(8))
    #expect(card.modifiers.background == .fixed(Color(parsing: "secondaryBackground")!))
    #expect(card.modifiers.cornerRadius == .fixed(12))
    #expect(card.modifiers.chain.isEmpty)
    #expect(card.jsonValue.serialized().contains(#""padding":8,"background":"secondaryBackground","cornerRadius":12"#))
}

@Test func `DSL modifiers out of the shorthand order write the chain, in call order`() {
    let badge = Text("−20 %").background("red").padding(8).frame(width: 60).frame(maxWidth: .infinity).node
    #expect(badge.modifiers.background == .fixed(Color(parsing: "red")!))
    #expect(badge.modifiers.padding == nil)
    #expect(badge.modifiers.chain == [.padding(Padding(8)), .frame(Frame(width: 60)), .frame(Frame(maxWidth: .infinity))])
    // Consecutive paddings add up (one padding layer), wherever they are.
    let padded = ColorFill("red").background("blue").padding(8).padding(.top, 4).node
    #expect(padded.modifiers.chain == [.padding(Padding(top: 12, leading: 8, bottom: 8, trailing: 8))])
    let flat = ColorFill("red").padding(8).padding(.top, 4).node
    #expect(flat.modifiers.padding == Padding(top: 12, leading: 8, bottom: 8, trailing: 8))
}

@Test func `DSL chain-only modifiers write the chain, with their content views`() throws {
    let image = Image(url: "https://img.example/a.jpg").aspectRatio(1.5)
        .overlay(alignment: .topTrailing) { Text("New").padding(4) }
        .offset(y: -2).opacity(0.9).clipShape(.roundedRectangle(cornerRadius: 8)).border("separator", width: 1)
        .shadow(radius: 3).fixedSize(horizontal: false, vertical: true).ignoresSafeArea(edges: .top).hidden().node
    #expect(image.modifiers.aspectRatio == .fixed(1.5))
    #expect(image.modifiers.chain.map(\.name) == ["overlay", "offset", "opacity", "clipShape", "border", "shadow", "fixedSize",
                                                 "ignoresSafeArea", "hidden"])
    #expect(image.modifiers.chain[0].decorationContent?.text == .fixed("New"))
    let screen = Screen(id: "s", root: image)
    let decoded = PayloadDecoder(options: .init(strict: true)).decode(screen.jsonData())
    #expect(decoded.issues.isEmpty, "\(decoded.issues.map(\.description))")
    #expect(decoded.screen == screen)
}

@Test func `the DSL writes GridItem columns`() {
    let grid = Grid(columns: [GridItem(.fixed(70)), GridItem(.adaptive(minimum: 40))]) { ColorFill("red") }.node
    #expect(grid.gridItems == .fixed([GridItem(.fixed(70)), GridItem(.adaptive(minimum: 40))]))
    #expect(grid.jsonValue.serialized().contains(#""columns":[{"fixed":70},{"adaptive":{"minimum":40}}]"#))
}
