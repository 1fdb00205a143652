/// The fast path of decoding: one pass from a payload's bytes straight to its `Screen`, for payloads it fully
/// understands and that have no problem at all — no intermediate `JSONValue` tree, no `String` for a key, ids
/// checked for duplicates as byte slices.
///
/// It bails out (`FastPathBail`) on anything else: a key, type or value form it does not decode (custom types,
/// `modifiers`, `lint`, GridItem columns, keys out of the canonical order it expects …), and any problem the
/// general path would report, even a warning. `PayloadDecoder.decodeFast` then returns nil and the general path
/// decodes the input and reports exactly what it always has. So a screen from the fast path is always the
/// general path's screen for the same bytes (checked by `FastPathDifferentialTests`, `FastPathWordTests` and the
/// `decode` fuzz target), and its issues are none.
///
/// What it accepts, it reads with the general path's rules: the same JSON grammar, number values, string
/// escapes, UTF-8 validation and limits (input size, node depth and count, string length), and the same checks
/// of every value (`NumberConstraint`, integer ranges, the alignments allowed on each type).
struct FastDecoder {
    var scanner: FastScanner
    let options: PayloadDecoder.Options
    var nodeCount = 0
    var ids: FastIDSet
    var memo = PropertyMemo()
    /// The key table, kept at hand (not looked up per key).
    let keys = FastKeys.table
    /// Whether ids of up to 15 bytes are made from their words (`SmallASCIIString`).
    let smallStrings = SmallASCIIString.layoutHolds
    /// The nodes decoded and not yet in their parent's `children`: a node's children are read onto this stack and
    /// moved off it into an array of exactly their number (no array grown per append, no node copied).
    var stack: UnsafeMutablePointer<ComponentNode>
    var stackCount = 0
    var stackCapacity: Int

    init?(_ bytes: UnsafeBufferPointer<UInt8>, options: PayloadDecoder.Options) {
        // Ids are kept as 32-bit offsets (`FastIDSet`).
        guard bytes.count < Int(Int32.max), let scanner = FastScanner(bytes, maxStringBytes: options.maxStringBytes) else { return nil }
        self.scanner = scanner
        self.options = options
        // About one id per 64 bytes of a typical payload; the set grows past that.
        ids = FastIDSet(expected: bytes.count / 64)
        stackCapacity = 256
        stack = .allocate(capacity: stackCapacity)
    }

    /// Frees the node stack (and the nodes left on it when decoding bailed). Call once, when done.
    mutating func release() {
        memo.release()
        ids.release()
        stack.deinitialize(count: stackCount)
        stack.deallocate()
        stackCount = 0
        stackCapacity = 0
    }

    /// The next free place on the stack (grown when full); the caller initializes it and counts it.
    @inline(__always) private mutating func nextSlot() -> UnsafeMutablePointer<ComponentNode> {
        if stackCount == stackCapacity { growStack() }
        return stack + stackCount
    }

    private mutating func growStack() {
        let capacity = stackCapacity * 2
        let grown = UnsafeMutablePointer<ComponentNode>.allocate(capacity: capacity)
        grown.moveInitialize(from: stack, count: stackCount)
        stack.deallocate()
        stack = grown
        stackCapacity = capacity
    }

    /// The nodes on the stack from `first` on, moved off it into an array of exactly their number.
    @inline(__always) private mutating func popChildren(from first: Int) -> [ComponentNode] {
        let n = stackCount - first
        stackCount = first
        let p = stack + first
        // Moved (no copy, no reference counted). Up to four, as an array literal: the compiler allocates it at its
        // size directly, where `append(contentsOf:)` replaces the empty array's buffer with a new one (a copy of
        // no element and a release). More, appended from a sequence that moves them: `append(contentsOf:)` is
        // specialised here, so its allocation does not look up the array's metadata as
        // `init(unsafeUninitializedCapacity:)` does (that costs more than the array).
        switch n {
        case 1: return [p.move()]
        case 2: return [p.move(), (p + 1).move()]
        case 3: return [p.move(), (p + 1).move(), (p + 2).move()]
        case 4: return [p.move(), (p + 1).move(), (p + 2).move(), (p + 3).move()]
        default:
            var children: [ComponentNode] = []
            children.append(contentsOf: MovingNodes(cursor: p, end: p + n))
            return children
        }
    }

    // MARK: Screen

    /// The whole input as a screen: `schemaVersion`, `id`, `title` and `root` in any order, nothing after it.
    mutating func screen() throws(FastPathBail) -> Screen {
        guard try scanner.openObject() else { throw FastPathBail() }
        var version: Int?
        var id = "screen"
        var title: String?
        var root: ComponentNode?
        var seen: UInt8 = 0
        repeat {
            let key = try scanner.key()
            let bit: UInt8
            if scanner.bytes(key, equal: "root") {
                bit = 1
            } else if scanner.bytes(key, equal: "schemaVersion") {
                bit = 2
            } else if scanner.bytes(key, equal: "id") {
                bit = 4
            } else if scanner.bytes(key, equal: "title") {
                bit = 8
            } else {
                throw FastPathBail()
            }
            guard seen & bit == 0 else { throw FastPathBail() }
            seen |= bit
            switch bit {
            case 1:
                let first = stackCount
                try node(depth: 1)
                root = popChildren(from: first).first
            case 2:
                let v = try scanner.number()
                guard v == v.rounded(), let i = Int(exactly: v), Screen.supportedVersions.contains(i) else { throw FastPathBail() }
                version = i
            case 4:
                let s = try scanner.string()
                guard !s.isEmpty else { throw FastPathBail() }
                id = s
            default: title = try scanner.string()
            }
        } while try scanner.another(close: UInt8(ascii: "}"))
        scanner.skipWhitespace()
        guard scanner.index == scanner.end, let version, let root else { throw FastPathBail() }
        return Screen(schemaVersion: version, id: id, title: title, root: root)
    }

    // MARK: Nodes

    /// Reads a node at `depth` (the root is 1) onto the stack. Its `type` must be its first key (as the canonical
    /// encoding writes it).
    ///
    /// Depth: a node at depth n is at JSON depth 2n, and the fast path reads objects at most two levels below a
    /// node (a size-class map of light/dark colors), so with n ≤ `maxNodeDepth` every object stays within the
    /// parser's limit (`maxJSONDepth` = 2 × `maxNodeDepth` + 8): only the node depth needs checking.
    ///
    /// Properties: a node's property members (all but `type`, `id` and `children`) that are the same bytes as an
    /// earlier node's of the same type give it that node's box and geometry record (`PropertyMemo`), read once:
    /// the same bytes decode to the same values, and the box is copy-on-write, as it is between copies of a node.
    /// Otherwise they are decoded into a box of the node's own.
    mutating func node(depth: Int) throws(FastPathBail) {
        guard depth <= options.maxNodeDepth else { throw FastPathBail() }
        nodeCount += 1
        guard nodeCount <= options.maxNodes else { throw FastPathBail() }
        // The canonical encoding's compact form writes `{"type":"name","id":"id"`, then the properties, then
        // `,"children":[`: those keys are recognised by a word compare each (`FastScanner+Shapes.swift`), anything
        // else is read by the general loop below. Each token is read as a word when it is short
        // (`FastScanner+Words.swift`), else by a general reader out of line: the loop stays small enough for the
        // compiler to inline its readers.
        scanner.skipWhitespace()
        if scanner.skipTypeKeyHead() {
            scanner.skipWhitespace()
        } else {
            guard try scanner.openObject() else { throw FastPathBail() }
            if let typeKey = scanner.shortKey() {
                guard typeKey == Self.typeWord else { throw FastPathBail() }
            } else {
                try slowTypeKey()
            }
        }
        let type: ComponentType
        if let name = scanner.shortName() {
            // Read: a name that is no type the fast path decodes bails (the general reader would read on after it).
            guard let t = FastKeys.type(of: name) else { throw FastPathBail() }
            type = t
        } else {
            type = try slowType()
        }
        let types = FastTypes(type)
        let takesChildren = !types.isDisjoint(with: .containers)
        // The id and the children are made when the node is (a value assigned over another is released first): the
        // id's bytes (start −1: none) and word (nil: read by the general reader), and where the children start on
        // the stack (−1: none).
        var idSlice = FastSlice(start: -1, count: 0)
        var idWord: FastWord?
        var firstChild = -1
        var seen: UInt64 = 0
        // The node's properties: decoded into a box of its own (`own`), or one shared with an earlier node (`shared`).
        var own: PropertyBox?
        var shared: PropertyMemo.Run?
        // The node's first run of property members (bytes), whether it has ended (an `id` or `children` came after
        // it), and whether all the properties were in it.
        var run = FastSlice(start: -1, count: 0)
        var runEnded = false
        var oneRun = true
        if scanner.skipIDKey() {
            seen = Self.bit(.id)
            scanner.skipWhitespace()
            (idSlice, idWord) = try id()
        }
        // An image's URL as a string is stored with the node (`ComponentNode.fixedURL`), not in its box, so the
        // members around it, the same for a feed's every image, share a box. Written first (as the canonical
        // encoding writes it), it is read before the memo is looked up; elsewhere, by the loop.
        var fixedURL: String?
        if types == .image, scanner.skipURLKey() {
            seen |= Self.bit(.url)
            fixedURL = try scanner.string()
        }
        // The memo is looked up once, at the node's first property member. When that member follows at once, it is
        // looked up before its key is read: an earlier run of the same bytes has the same (valid) keys.
        var memoLookedUp = false
        if let memberStart = scanner.propertyMemberAfterComma() {
            memoLookedUp = true
            if let match = memo.match(at: memberStart, type: types, in: scanner) {
                try share(match, at: memberStart, seen: &seen, shared: &shared, run: &run)
            }
        }
        while true {
            if takesChildren && scanner.skipChildrenKeyHead() {
                guard seen & Self.bit(.children) == 0 else { throw FastPathBail() }
                seen |= Self.bit(.children)
                runEnded = run.start >= 0
                try children(depth: depth, first: &firstChild)
                continue
            }
            guard try scanner.another(close: UInt8(ascii: "}")) else { break }
            scanner.skipWhitespace()
            let memberStart = scanner.index
            let slot: FastSlot
            if let word = scanner.shortKey() {
                guard let s = FastKeys.slot(of: word, type: types, table: keys) else { throw FastPathBail() }
                slot = s
            } else {
                slot = try slowSlot(types)
            }
            let bit = Self.bit(slot)
            guard seen & bit == 0 else { throw FastPathBail() }
            switch slot {
            case .id:
                seen |= bit
                runEnded = run.start >= 0
                (idSlice, idWord) = try id()
            case .children:
                seen |= bit
                runEnded = run.start >= 0
                try scanner.expect(UInt8(ascii: "["))
                try children(depth: depth, first: &firstChild)
            case .url where scanner.peekAfterWhitespace() == UInt8(ascii: "\""):
                // The node's, as the id is: it ends a run.
                seen |= bit
                runEnded = run.start >= 0
                fixedURL = try scanner.string()
            default:
                if !memoLookedUp, own == nil, shared == nil, run.start < 0, let match = memo.match(at: memberStart, type: types, in: scanner) {
                    try share(match, at: memberStart, seen: &seen, shared: &shared, run: &run)
                    continue
                }
                seen |= bit
                try ownProperty(slot, at: memberStart, own: &own, shared: &shared, run: &run, runEnded: runEnded, oneRun: &oneRun)
            }
        }
        switch type {
        case .text where seen & FastDecoder.bit(.text) == 0: throw FastPathBail()
        case .button where seen & FastDecoder.bit(.title) == 0: throw FastPathBail()
        default: break
        }
        // The box: a run's (shared, or the empty one), or the node's own (its record, written as its properties were
        // read, finished now; the box remembered as a run when the properties were one run of bytes).
        let box: PropertyBox
        if let shared {
            box = shared.box.takeUnretainedValue()
        } else if let made = own.take() {
            made.record.pointee.clampToLimits()
            // A size-class map among the properties: the content record's variants are made from them now.
            if made.content.pointee.usesSizeClasses || made.record.pointee.usesSizeClasses { made.refreshContent() }
            if oneRun && memo.keeps(types) {
                // The slots the run set: not the id, the children or a fixed URL, which are the node's.
                let ownSlots = Self.bit(.id) | Self.bit(.children) | (fixedURL == nil ? 0 : Self.bit(.url))
                memo.remember(run, seen: seen & ~ownSlots, box: made, type: types, in: scanner)
            }
            box = made
        } else {
            box = memo.empty
        }
        push(type: consume type, idSlice: idSlice, idWord: idWord, firstChild: firstChild, box: consume box, fixedURL: consume fixedURL)
    }

    /// The node made of its parts — its id read from its bytes (`idSlice`, and `idWord` when short), its children
    /// moved off the stack from `firstChild` (−1: none) — onto the stack. Out of line: in `node`, which is large,
    /// the compiler copies the new node into its slot (and destroys the original) rather than moving it.
    @inline(never)
    private mutating func push(type: consuming ComponentType, idSlice: FastSlice, idWord: FastWord?, firstChild: Int,
                               box: consuming PropertyBox, fixedURL: consuming String?) {
        let id: String?
        if idSlice.start < 0 {
            id = nil
        } else if smallStrings, idSlice.count <= 15, let idWord {
            id = SmallASCIIString.make(idWord)
        } else {
            id = scanner.asciiString(idSlice)
        }
        let children = firstChild < 0 ? [] : popChildren(from: firstChild)
        ComponentNode.initialize(nextSlot(), type: consume type, id: consume id, children: consume children, sharing: consume box,
                                 fixedURL: consume fixedURL)
        stackCount += 1
    }

    @inline(__always) static func bit(_ slot: FastSlot) -> UInt64 { 1 << UInt64(slot.rawValue) }

    /// The same property bytes at `start` as an earlier node's (`match`): the node takes its box, its slots join
    /// `seen` (bails when one was set already), and the bytes are skipped.
    @inline(__always)
    private mutating func share(_ match: PropertyMemo.Run, at start: Int, seen: inout UInt64, shared: inout PropertyMemo.Run?,
                                run: inout FastSlice) throws(FastPathBail) {
        guard seen & match.seen == 0 else { throw FastPathBail() }
        seen |= match.seen
        shared = match
        run = FastSlice(start: start, count: match.bytes.count)
        scanner.index = start + match.bytes.count
    }

    /// A node's id (checked and added to the ids seen): its bytes, and its word when it is short (nil: read by the
    /// general reader).
    @inline(__always)
    private mutating func id() throws(FastPathBail) -> (FastSlice, FastWord?) {
        if let (word, slice) = scanner.shortASCIIString() {
            guard slice.count > 0, ids.insert(slice, word: word, in: scanner.base, end: scanner.end) else { throw FastPathBail() }
            return (slice, word)
        }
        return (try slowID(), nil)
    }

    /// A node's children, after the `[` of their array, read onto the stack (`first`: where they start; left as it
    /// is for an empty array).
    @inline(__always)
    private mutating func children(depth: Int, first: inout Int) throws(FastPathBail) {
        scanner.skipWhitespace()
        if scanner.peek == UInt8(ascii: "]") {
            scanner.index += 1
            return
        }
        first = stackCount
        repeat {
            try node(depth: depth + 1)
        } while try scanner.another(close: UInt8(ascii: "]"))
    }

    // MARK: Out of line

    /// A property member decoded into the node's own box (made now, or copied from the run it shared so far).
    @inline(never)
    private mutating func ownProperty(_ slot: FastSlot, at memberStart: Int, own: inout PropertyBox?, shared: inout PropertyMemo.Run?,
                                      run: inout FastSlice, runEnded: Bool, oneRun: inout Bool) throws(FastPathBail) {
        let target: PropertyBox
        if let own {
            target = own
        } else {
            // The first property, or one after a shared run (then a box of its own, copied from the shared one).
            if let match = shared {
                target = PropertyBox.make(copying: match.box.takeUnretainedValue())
                shared = nil
                oneRun = false
            } else {
                target = PropertyBox.make()
            }
            own = target
        }
        if run.start < 0 { run.start = memberStart }
        if runEnded { oneRun = false }
        try decodeProperty(slot, into: &target.properties, record: &target.record.pointee, content: &target.content.pointee)
        if !runEnded { run.count = scanner.index - run.start }
    }

    /// The `type` key, read by the general reader.
    @inline(never)
    private mutating func slowTypeKey() throws(FastPathBail) {
        guard scanner.bytes(try scanner.key(), equal: "type") else { throw FastPathBail() }
    }

    /// The node's type, read by the general reader.
    @inline(never)
    private mutating func slowType() throws(FastPathBail) -> ComponentType {
        let (typeName, escaped, _) = try scanner.stringSlice()
        guard !escaped, let t = FastKeys.type(of: typeName, in: scanner) else { throw FastPathBail() }
        return t
    }

    /// A member key read by the general reader, as its slot on `types`.
    @inline(never)
    private mutating func slowSlot(_ types: FastTypes) throws(FastPathBail) -> FastSlot {
        let key = try scanner.key()
        guard let s = FastKeys.slot(of: key, in: scanner, type: types, table: keys) else { throw FastPathBail() }
        return s
    }

    /// An id read by the general reader (checked and added to the ids seen): its bytes, ASCII without escapes.
    @inline(never)
    private mutating func slowID() throws(FastPathBail) -> FastSlice {
        let (slice, escaped, ascii) = try scanner.stringSlice()
        guard !escaped, ascii, slice.count > 0, ids.insert(slice, in: scanner.base, end: scanner.end) else { throw FastPathBail() }
        return slice
    }

    /// The word of the key `type`.
    @inline(__always) static var typeWord: FastWord { FastWord(count: 4, first: 0x6570_7974, last: 0) }

    /// A length (or a size-class map of lengths) and its value in the record `g` (NaN for a map, which `g` notes).
    @inline(__always)
    private mutating func length(record g: inout GeometryProperties) throws(FastPathBail) -> (Responsive<Double>?, Double) {
        let v = try responsive { d throws(FastPathBail) in try d.number(.length) }
        return (v, g.decoded(v) ?? .nan)
    }

    /// One of `allowed` (or a size-class map of them) and its value in the record `g` (nil for a map, which `g` notes).
    @inline(__always)
    private mutating func enumeration<E>(_ allowed: FastEnum<E>, record g: inout GeometryProperties) throws(FastPathBail) -> (Responsive<E>?, E?) {
        let v = try responsive { d throws(FastPathBail) in try d.enumeration(allowed) }
        return (v, g.decoded(v))
    }

    /// The value of a property slot (neither `id` nor `children`), with the general path's checks, into the node's
    /// properties `p` and their geometry record `g` and content record `c` (the records are written as the properties
    /// are read: what `GeometryProperties(of:sizeClass: nil)` and `NodeContentRecord.make(of:…)` would make of them
    /// afterwards, but without reading every property again; the node's last property is followed by
    /// `clampToLimits`, and a size-class map by the content record made whole: `PropertyBox.refreshContent`).
    private mutating func decodeProperty(_ slot: FastSlot, into p: inout NodeProperties, record g: inout GeometryProperties,
                                         content c: inout NodeContentRecord) throws(FastPathBail) {
        switch slot {
        case .id, .children: throw FastPathBail()
        case .padding:
            let v = try padding()
            p.modifiers.padding = v
            g.decodedPadding(v)
        case .frame:
            let v = try frame()
            p.modifiers.frame = v
            g.decodedFrame(v)
            if let a = v.alignment { c.frameAlignment = c.decoded(a) }
        case .aspectRatio:
            let v = try responsive { d throws(FastPathBail) in try d.number(.aspectRatio) }
            p.modifiers.aspectRatio = v
            g.aspectRatio = g.decoded(v) ?? .nan
        case .contentMode:
            let v = try responsive { d throws(FastPathBail) in try d.enumeration(FastEnums.contentMode) }
            p.modifiers.contentMode = v
            g.isFill = g.decoded(v) == .fill
            c.contentMode = c.decoded(v)
        case .background:
            let v = try responsiveColor()
            p.modifiers.background = v
            c.background = c.decoded(v)
        case .cornerRadius:
            let v = try responsive { d throws(FastPathBail) in try d.number(.length) }
            p.modifiers.cornerRadius = v
            c.cornerRadius = c.decoded(v)
        case .visible:
            let v = try responsive { d throws(FastPathBail) in try d.scanner.bool() }
            p.modifiers.visible = v
            g.isHidden = g.decoded(v) == false
        case .layoutPriority:
            let v = try responsive { d throws(FastPathBail) in try d.number(.layoutPriority) }
            p.modifiers.layoutPriority = v
            g.layoutPriority = g.decoded(v) ?? .nan
        case .action:
            let v = try action()
            p.modifiers.action = v
            g.hasAction = true
            c.extrasFields().pointee.action = v
        case .accessibility:
            let v = try accessibility()
            p.modifiers.accessibility = v
            g.hasAccessibility = true
            if v.usesSizeClasses {
                c.usesSizeClasses = true
            } else {
                c.extrasFields().pointee.accessibility = AccessibilityContent(v, sizeClass: .compact)
            }
        case .spacing: (p.spacing, g.spacing) = try length(record: &g)
        case .rowSpacing: (p.rowSpacing, g.rowSpacing) = try length(record: &g)
        case .columnSpacing: (p.columnSpacing, g.columnSpacing) = try length(record: &g)
        case .minColumnWidth: (p.minColumnWidth, g.minColumnWidth) = try length(record: &g)
        case .minLength: (p.minLength, g.minLength) = try length(record: &g)
        // An array (GridItems) bails in `integer`: the general path decodes GridItem columns.
        case .columns:
            let v = try responsive { d throws(FastPathBail) in try d.integer(ValueLimits.columns) }
            p.columns = v
            g.columns = g.decoded(v) ?? 0
        case .lineLimit:
            let v = try responsive { d throws(FastPathBail) in try d.integer(ValueLimits.lineLimit) }
            p.lineLimit = v
            g.lineLimit = g.decoded(v)
        case .horizontalAlignment: (p.alignment, g.alignment) = try enumeration(FastEnums.horizontalAlignment, record: &g)
        case .verticalAlignment: (p.alignment, g.alignment) = try enumeration(FastEnums.verticalAlignment, record: &g)
        case .alignment: (p.alignment, g.alignment) = try enumeration(FastEnums.alignment, record: &g)
        case .axis:
            let v = try responsive { d throws(FastPathBail) in try d.enumeration(FastEnums.axis) }
            p.axis = v
            g.isHorizontalAxis = g.decoded(v) == .horizontal
            c.axis = c.decoded(v)
        case .text:
            let v = try responsive { d throws(FastPathBail) in try d.scanner.string() }
            p.text = v
            g.text = g.decoded(v)
        case .textStyle: (p.style, g.textStyle) = try enumeration(FastEnums.textStyle, record: &g)
        case .buttonStyle: (p.buttonStyle, g.buttonStyle) = try enumeration(FastEnums.buttonStyle, record: &g)
        case .weight: (p.weight, g.fontWeight) = try enumeration(FastEnums.weight, record: &g)
        case .color:
            let v = try responsiveColor()
            p.color = v
            c.color = c.decoded(v)
        case .url:
            // A URL string is the node's (`ComponentNode.fixedURL`), read by `node`; here only a size-class map.
            let v = try responsive { d throws(FastPathBail) in try d.scanner.string() }
            if case .fixed = v { throw FastPathBail() }
            p.url = v
            c.usesSizeClasses = true
        case .placeholder:
            let v = try responsive { d throws(FastPathBail) in try d.enumeration(FastEnums.placeholder) }
            p.placeholder = v
            if let value = c.decoded(v) { c.extrasFields().pointee.placeholder = value }
        case .alt:
            let v = try responsive { d throws(FastPathBail) in try d.scanner.string() }
            p.alt = v
            c.alt = c.decoded(v)
        case .title:
            let v = try responsive { d throws(FastPathBail) in try d.scanner.string() }
            p.title = v
            g.title = g.decoded(v)
        case .flipsForRightToLeftLayoutDirection:
            let v = try responsive { d throws(FastPathBail) in try d.scanner.bool() }
            p.flipsForRightToLeftLayoutDirection = v
            if let value = c.decoded(v) { c.extrasFields().pointee.flipsForRightToLeftLayoutDirection = value }
        case .lineSpacing: (p.sectionAndStyle.lineSpacing, g.lineSpacing) = try length(record: &g)
        case .strikethrough:
            let v = try responsive { d throws(FastPathBail) in try d.scanner.bool() }
            p.sectionAndStyle.strikethrough = v
            c.strikethrough = c.decoded(v) ?? false
        case .underline:
            let v = try responsive { d throws(FastPathBail) in try d.scanner.bool() }
            p.sectionAndStyle.underline = v
            c.underline = c.decoded(v) ?? false
        case .monospacedDigit: p.sectionAndStyle.monospacedDigit = try responsive { d throws(FastPathBail) in try d.scanner.bool() }
        case .truncationMode:
            p.sectionAndStyle.truncationMode = try responsive { d throws(FastPathBail) in try d.enumeration(FastEnums.truncationMode) }
        case .systemName:
            // An empty name is an error on the general path: it reports it.
            let v = try responsive { d throws(FastPathBail) in
                let name = try d.scanner.string()
                if name.isEmpty { throw FastPathBail() }
                return name
            }
            p.sectionAndStyle.systemName = v
            g.hasSymbol = true
            c.systemName = c.decoded(v)
        case .fontFamily:
            // An empty or overlong name is an error on the general path: it reports it.
            let v = try responsive { d throws(FastPathBail) in
                let name = try d.scanner.string()
                if name.isEmpty || name.utf8.count > DecodingContext.maxFontFamilyBytes { throw FastPathBail() }
                return name
            }
            p.sectionAndStyle.fontFamily = v
            g.fontFamily = g.decoded(v)
        case .fontSize:
            let v = try responsive { d throws(FastPathBail) in try d.number(.fontSize) }
            p.sectionAndStyle.fontSize = v
            g.fontSize = g.decoded(v) ?? .nan
        case .italic:
            let v = try responsive { d throws(FastPathBail) in try d.scanner.bool() }
            p.sectionAndStyle.italic = v
            g.isItalic = g.decoded(v) ?? false
        }
    }
}

/// Nodes moved out of memory one by one, in order, each exactly once (`FastDecoder.popChildren`).
private struct MovingNodes: Sequence, IteratorProtocol {
    var cursor: UnsafeMutablePointer<ComponentNode>
    let end: UnsafeMutablePointer<ComponentNode>
    var underestimatedCount: Int { end - cursor }
    @inline(__always)
    mutating func next() -> ComponentNode? {
        guard cursor < end else { return nil }
        defer { cursor += 1 }
        return cursor.move()
    }
}
