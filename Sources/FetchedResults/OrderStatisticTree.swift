/// The strict order of an ``OrderStatisticTree``'s elements. A conforming type is a value the tree
/// keeps; the tree's code is specialised for it, so its comparison is inlined into every walk (no closure
/// call, no reabstraction thunk). The controller's is ``EntryOrder``; the tests adapt a closure.
public protocol TreeOrder {
    /// The elements ordered.
    associatedtype Element
    /// Whether `a` sorts strictly before `b`.
    func areInIncreasingOrder(_ a: Element, _ b: Element) -> Bool
    /// The most elements a leaf holds before it splits (128 unless the order says otherwise: a tree of
    /// large elements takes smaller leaves, so that an insertion or removal moves fewer bytes).
    static var leafCapacity: Int { get }
}

extension TreeOrder {
    /// 128 elements.
    public static var leafCapacity: Int { 128 }
}

/// A sorted sequence with positional access: a B+ tree whose inner nodes keep the element count of each
/// child, so that locating an element, finding its rank, inserting and removing all take O(log N).
///
/// Elements must be strictly ordered by `order` (no two equal elements): the controller breaks ties of
/// the sort keys with the object number.
///
/// ```swift
/// struct Ascending: TreeOrder {
///     func areInIncreasingOrder(_ a: Int, _ b: Int) -> Bool { a < b }
/// }
/// let tree = OrderStatisticTree(order: Ascending())
/// tree.insert(5); tree.insert(1)      // returns the rank: 0, then 0
/// tree.rank(of: 5)                    // 1
/// tree[0]                             // 1
/// ```
public final class OrderStatisticTree<Order: TreeOrder> {
    /// The elements ordered.
    public typealias Element = Order.Element

    final class Node {
        @exclusivity(unchecked) var isLeaf: Bool
        /// Leaf: the elements, sorted.
        @exclusivity(unchecked) var elements: [Element] = []
        /// Inner: the children.
        @exclusivity(unchecked) var children: [Node] = []
        /// Inner: the element count of each child.
        @exclusivity(unchecked) var counts: [Int] = []
        /// Inner: the first (smallest) element of each child.
        @exclusivity(unchecked) var firsts: [Element] = []
        /// Elements in the subtree.
        @exclusivity(unchecked) var count = 0

        init(isLeaf: Bool) { self.isLeaf = isLeaf }

        var first: Element { isLeaf ? elements[0] : firsts[0] }
    }

    /// The strict order of elements.
    public let order: Order
    @exclusivity(unchecked) var root: Node
    static var leafCapacity: Int { Order.leafCapacity }
    static var innerCapacity: Int { 64 }

    /// Creates an empty tree.
    public init(order: Order) {
        self.order = order
        self.root = Node(isLeaf: true)
    }

    /// Whether `a` sorts strictly before `b`.
    @inline(__always)
    public func areInIncreasingOrder(_ a: Element, _ b: Element) -> Bool { order.areInIncreasingOrder(a, b) }

    /// Creates a tree from elements already sorted by `order`, in O(N).
    public convenience init<S: Sequence>(sorted elements: S, order: Order) where S.Element == Element {
        self.init(order: order)
        let all = Array(elements)
        guard !all.isEmpty else { return }
        let leafSize = Self.leafCapacity * 3 / 4
        var level: [Node] = stride(from: 0, to: all.count, by: leafSize).map { start in
            let node = Node(isLeaf: true)
            node.elements = Self.leafArray(all[start..<min(all.count, start + leafSize)])
            node.count = node.elements.count
            return node
        }
        let innerSize = Self.innerCapacity * 3 / 4
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: innerSize).map { start in
                let node = Node(isLeaf: false)
                node.children = Array(level[start..<min(level.count, start + innerSize)])
                node.counts = node.children.map(\.count)
                node.firsts = node.children.map(\.first)
                node.count = node.counts.reduce(0, +)
                return node
            }
        }
        root = level[0]
    }

    /// A leaf's elements, with room for as many as a leaf holds before it splits: inserting into a leaf
    /// never reallocates its array (a leaf made by a fetch or a split is 3/4 or 1/2 full).
    static func leafArray(_ elements: ArraySlice<Element>) -> [Element] {
        var array: [Element] = []
        array.reserveCapacity(leafCapacity + 1)
        array += elements
        return array
    }

    /// The number of elements.
    public var count: Int { root.count }

    /// Whether the tree is empty.
    public var isEmpty: Bool { root.count == 0 }

    /// The element at a rank (0-based). Precondition: `0 <= rank < count`.
    public subscript(rank: Int) -> Element {
        precondition(rank >= 0 && rank < count, "rank out of range")
        var node = root
        var r = rank
        while !node.isLeaf {
            let (i, local) = Self.child(holding: r, node.counts)
            r = local
            node = node.children[i]
        }
        return node.elements[r]
    }

    /// The sum of the first `n` counts.
    @inline(__always)
    static func prefixSum(_ counts: [Int], _ n: Int) -> Int {
        counts.withUnsafeBufferPointer { counts in
            var sum = 0
            for j in 0..<n { sum += counts[j] }
            return sum
        }
    }

    /// The child of an inner node that holds a rank, and the rank within that child.
    @inline(__always)
    static func child(holding rank: Int, _ counts: [Int]) -> (index: Int, rank: Int) {
        counts.withUnsafeBufferPointer { counts in
            var i = 0, local = rank
            while local >= counts[i] { local -= counts[i]; i += 1 }
            return (i, local)
        }
    }

    /// The child of an inner node whose range holds `x`.
    @inline(__always)
    func childIndex(_ x: Element, in node: Node) -> Int {
        node.firsts.withUnsafeBufferPointer { firsts in
            var lo = 0, hi = firsts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if order.areInIncreasingOrder(x, firsts[mid]) { hi = mid } else { lo = mid + 1 }
            }
            return max(0, lo - 1)
        }
    }

    /// The first index of a leaf whose element is not less than `x`.
    @inline(__always)
    func lowerBound(_ x: Element, in elements: [Element]) -> Int {
        elements.withUnsafeBufferPointer { elements in
            var lo = 0, hi = elements.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if order.areInIncreasingOrder(elements[mid], x) { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }

    /// The rank of an element equal to `x` (neither orders before the other), or nil.
    public func rank(of x: Element) -> Int? {
        var node = root
        var rank = 0
        while !node.isLeaf {
            let c = childIndex(x, in: node)
            rank += Self.prefixSum(node.counts, c)
            node = node.children[c]
        }
        let i = lowerBound(x, in: node.elements)
        guard i < node.elements.count, !areInIncreasingOrder(x, node.elements[i]) else { return nil }
        return rank + i
    }

    /// Inserts `x` and returns its rank.
    @discardableResult
    public func insert(_ x: Element) -> Int {
        var rank = 0
        if let right = insert(x, into: root, rank: &rank) {
            let newRoot = Node(isLeaf: false)
            newRoot.children = [root, right]
            newRoot.counts = [root.count, right.count]
            newRoot.firsts = [root.first, right.first]
            newRoot.count = root.count + right.count
            root = newRoot
        }
        return rank
    }

    private func insert(_ x: Element, into node: Node, rank: inout Int) -> Node? {
        node.count += 1
        if node.isLeaf {
            let i = lowerBound(x, in: node.elements)
            node.elements.insert(x, at: i)
            rank += i
            guard node.elements.count > Self.leafCapacity else { return nil }
            let mid = node.elements.count / 2
            let right = Node(isLeaf: true)
            right.elements = Self.leafArray(node.elements[mid...])
            node.elements.removeSubrange(mid...)
            right.count = right.elements.count
            node.count = node.elements.count
            return right
        }
        let c = childIndex(x, in: node)
        rank += Self.prefixSum(node.counts, c)
        let child = node.children[c]
        let split = insert(x, into: child, rank: &rank)
        node.counts[c] = child.count
        node.firsts[c] = child.first
        guard let split else { return nil }
        node.children.insert(split, at: c + 1)
        node.counts.insert(split.count, at: c + 1)
        node.firsts.insert(split.first, at: c + 1)
        guard node.children.count > Self.innerCapacity else { return nil }
        let mid = node.children.count / 2
        let right = Node(isLeaf: false)
        right.children = Array(node.children[mid...])
        right.counts = Array(node.counts[mid...])
        right.firsts = Array(node.firsts[mid...])
        node.children.removeSubrange(mid...)
        node.counts.removeSubrange(mid...)
        node.firsts.removeSubrange(mid...)
        right.count = right.counts.reduce(0, +)
        node.count = node.counts.reduce(0, +)
        return right
    }

    /// Removes the element equal to `x`; returns the rank it had, or nil when absent.
    @discardableResult
    public func remove(_ x: Element) -> Int? {
        var rank = 0
        guard remove(x, from: root, rank: &rank) else { return nil }
        while !root.isLeaf && root.children.count == 1 { root = root.children[0] }
        if !root.isLeaf && root.children.isEmpty { root = Node(isLeaf: true) }
        return rank
    }

    private func remove(_ x: Element, from node: Node, rank: inout Int) -> Bool {
        if node.isLeaf {
            let i = lowerBound(x, in: node.elements)
            guard i < node.elements.count, !areInIncreasingOrder(x, node.elements[i]) else { return false }
            node.elements.remove(at: i)
            node.count -= 1
            rank += i
            return true
        }
        let c = childIndex(x, in: node)
        let before = Self.prefixSum(node.counts, c)
        let child = node.children[c]
        guard remove(x, from: child, rank: &rank) else { return false }
        rank += before
        node.count -= 1
        childDidShrink(node, at: c)
        return true
    }

    /// Removes the element at a rank and returns it: the walk goes by the subtree counts, without a single
    /// comparison (for a caller that already knows the rank). Precondition: `0 <= rank < count`.
    @discardableResult
    public func remove(atRank rank: Int) -> Element {
        precondition(rank >= 0 && rank < count, "rank out of range")
        let x = remove(atRank: rank, from: root)
        while !root.isLeaf && root.children.count == 1 { root = root.children[0] }
        if !root.isLeaf && root.children.isEmpty { root = Node(isLeaf: true) }
        return x
    }

    private func remove(atRank rank: Int, from node: Node) -> Element {
        node.count -= 1
        if node.isLeaf { return node.elements.remove(at: rank) }
        let (c, local) = Self.child(holding: rank, node.counts)
        let child = node.children[c]
        let x = remove(atRank: local, from: child)
        childDidShrink(node, at: c)
        return x
    }

    /// After a removal from `node.children[c]`: drops the child when it is empty, else refreshes its count
    /// and first element and merges it into a neighbour when both fit in one node.
    private func childDidShrink(_ node: Node, at c: Int) {
        let child = node.children[c]
        if child.count == 0 {
            node.children.remove(at: c)
            node.counts.remove(at: c)
            node.firsts.remove(at: c)
            return
        }
        node.counts[c] = child.count
        node.firsts[c] = child.first
        mergeIfSmall(node, at: c)
    }

    /// Merges a small child into a neighbour when both fit in one node, so the height stays O(log N).
    private func mergeIfSmall(_ node: Node, at c: Int) {
        let child = node.children[c]
        let size = child.isLeaf ? child.elements.count : child.children.count
        let capacity = child.isLeaf ? Self.leafCapacity : Self.innerCapacity
        guard size < capacity / 4, node.children.count > 1 else { return }
        let left = c > 0 ? c - 1 : c
        let a = node.children[left], b = node.children[left + 1]
        let combined = a.isLeaf ? a.elements.count + b.elements.count : a.children.count + b.children.count
        guard combined <= capacity * 3 / 4 else { return }
        if a.isLeaf {
            a.elements += b.elements
        } else {
            a.children += b.children
            a.counts += b.counts
            a.firsts += b.firsts
        }
        a.count += b.count
        node.counts[left] = a.count
        node.children.remove(at: left + 1)
        node.counts.remove(at: left + 1)
        node.firsts.remove(at: left + 1)
    }

    /// Calls `body` with every element in order.
    public func forEach(_ body: (Element) throws -> Void) rethrows {
        try visit(root, body)
    }

    private func visit(_ node: Node, _ body: (Element) throws -> Void) rethrows {
        if node.isLeaf {
            for e in node.elements { try body(e) }
        } else {
            for child in node.children { try visit(child, body) }
        }
    }

    /// The elements with ranks in `range`, in order (O(log N + range.count)).
    public func elements(in range: Range<Int>) -> [Element] {
        var out: [Element] = []
        out.reserveCapacity(range.count)
        var r = range.lowerBound
        while r < range.upperBound {
            // Descend to the leaf holding rank r and copy what it has.
            var node = root
            var local = r
            while !node.isLeaf {
                let (i, inChild) = Self.child(holding: local, node.counts)
                local = inChild
                node = node.children[i]
            }
            let take = min(node.elements.count - local, range.upperBound - r)
            out += node.elements[local..<local + take]
            r += take
        }
        return out
    }

    /// Every element, in order.
    public var allElements: [Element] { elements(in: 0..<count) }
}
