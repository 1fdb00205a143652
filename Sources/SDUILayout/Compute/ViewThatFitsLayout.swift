import SDUIEnvironment
import SDUISchema

// A child's ideal size is read through `ComputeScratch.sizes`, used as a stack (each call appends its part and
// truncates back).

/// SwiftUI's `ViewThatFits`:
/// 1. Each visible child, in order, is measured at its ideal size on the constrained axes (proposed nothing
///    there, the proposal on the other axis).
/// 2. The first whose ideal size fits the proposal on those axes is chosen (`viewThatFitsChoice`); none: the last.
/// 3. The chosen child is laid out at the proposal and is the container's size. The others are not laid out:
///    in place mode they and their subtrees are reported with zero-size frames at the container's origin and no
///    text lines (`clearSubtree`).
func computeViewThatFitsLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let axes = s.view.nodes[Int(node)].columns
    let horizontal = axes & Int32(Axis.Set.horizontal.rawValue) != 0, vertical = axes & Int32(Axis.Set.vertical.rawValue) != 0
    let ideal = Proposal(width: horizontal ? .nan : proposal.width, height: vertical ? .nan : proposal.height)
    // Step 1.
    let start = s.scratch.sizes.count
    var child = s.view.nodes[Int(node)].firstChild
    while child >= 0 {
        if !s.view.nodes[Int(child)].isHidden {
            let size = computeChildLayout(child, .measure(ideal), &s).size
            s.scratch.sizes.append(size)
        }
        child = s.view.nodes[Int(child)].nextSibling
    }
    // Step 2.
    let choice = s.scratch.sizes.withUnsafeBufferPointer { all in
        viewThatFitsChoice(UnsafeBufferPointer(rebasing: all[start...]), proposal: proposal, horizontal: horizontal, vertical: vertical)
    }
    s.scratch.sizes.truncate(to: start)
    guard choice >= 0 else { return .zero }
    // Step 3.
    var size = (0.0, 0.0)
    var visible = 0
    child = s.view.nodes[Int(node)].firstChild
    while child >= 0 {
        let c = Int(child)
        if !s.view.nodes[c].isHidden {
            if visible == choice {
                size = computeChildLayout(child, input, &s).size
                if mode == .place { s.ptr.geometry[c].x = 0; s.ptr.geometry[c].y = 0 }
            } else if mode == .place {
                clearSubtree(child, &s)
            }
            visible += 1
        }
        child = s.view.nodes[c].nextSibling
    }
    return LayoutOutput(size)
}

/// An unchosen child of a `viewThatFits`: it and its subtree get zero frames at their parent's origin, no text
/// lines and no layer boxes, and their remembered placements are dropped (this pass's placements no longer hold them).
/// - Complexity: O(subtree).
func clearSubtree(_ root: Int32, _ s: inout LayoutState) {
    let count = s.view.nodes.count
    var j = Int(root)
    repeat {
        s.ptr.geometry[j] = NodeGeometry()
        s.ptr.placementRecords[j].epoch = 0
        let text = Int(s.view.nodes[j].textIndex)
        if text >= 0 && text < s.placedTexts.count {
            s.noteTextWrite(text)
            s.placedTexts[text].isPlaced = false
        }
        if s.view.nodes[j].hasLayers {
            let entry = s.view.layered(Int32(j))
            for k in Int(entry.firstLayer)..<Int(entry.firstLayer + entry.layerCount) { s.layerBoxes[k] = LayerBox() }
        }
        j += 1
        // Pre-order: the subtree is the nodes after `root` whose parent is in it (at or after `root`).
    } while j < count && Int(s.view.nodes[j].parent) >= Int(root)
}
