import Testing
@testable import ObjectGraph

@Suite struct SortDescriptorTests {
    let fixture: FetchingFixture

    init() throws {
        fixture = try FetchingFixture()
    }

    private func sorted(_ objects: [ManagedObject], _ descriptors: [SortDescriptor]) throws -> [String] {
        try FetchRequest(entityName: "Customer", sortDescriptors: descriptors).sort(objects).map { o in
            switch try o.value(forKey: "name") {
            case .string(let s): return s
            default: return "nil"
            }
        }
    }

    @Test("ascending and descending by one key; strings by Unicode scalars")
    func singleKey() throws {
        let people = ["bob", "Ann", "ann", "Émile", "Zoe"].map { fixture.customer($0) }
        #expect(try sorted(people, [SortDescriptor(key: "name")]) == ["Ann", "Zoe", "ann", "bob", "Émile"])
        #expect(try sorted(people, [SortDescriptor(key: "name", ascending: false)])
            == ["Émile", "bob", "ann", "Zoe", "Ann"])
    }

    @Test("multi-key sort: first key, then second key descending")
    func multiKey() throws {
        let people = [
            fixture.customer("C", age: 30), fixture.customer("A", age: 25), fixture.customer("B", age: 30),
            fixture.customer("D", age: 25), fixture.customer("E", age: 40),
        ]
        #expect(try sorted(people, [SortDescriptor(key: "age"), SortDescriptor(key: "name", ascending: false)])
            == ["D", "A", "C", "B", "E"])
        #expect(try sorted(people, [SortDescriptor(key: "age", ascending: false), SortDescriptor(key: "name")])
            == ["E", "B", "C", "A", "D"])
    }

    @Test("nil sorts first ascending and last descending; ties keep the given order")
    func nilOrdering() throws {
        let people = [
            fixture.customer("x", age: 3), fixture.customer("y"), fixture.customer("z", age: 1),
            fixture.customer("w"), fixture.customer(nil, age: 2),
        ]
        #expect(try sorted(people, [SortDescriptor(key: "age")]) == ["y", "w", "z", "nil", "x"])
        #expect(try sorted(people, [SortDescriptor(key: "age", ascending: false)]) == ["x", "nil", "z", "y", "w"])
        #expect(try sorted(people, [SortDescriptor(key: "name")]) == ["nil", "w", "x", "y", "z"])
    }

    @Test("caseInsensitiveCompare ignores case; equal strings keep the given order")
    func caseInsensitive() throws {
        let people = ["bob", "Ann", "ann", "Carl", "ANN"].map { fixture.customer($0) }
        #expect(try sorted(people, [SortDescriptor(key: "name", comparator: .caseInsensitiveCompare)])
            == ["Ann", "ann", "ANN", "bob", "Carl"])
    }

    @Test("localizedStandardCompare compares digit runs by value")
    func localizedStandard() throws {
        let files = ["File10", "file2", "File1", "File02b", "file 3", "File2a", "Alpha"].map { fixture.customer($0) }
        #expect(try sorted(files, [SortDescriptor(key: "name", comparator: .localizedStandardCompare)])
            == ["Alpha", "file 3", "File1", "file2", "File2a", "File02b", "File10"])
        #expect(SortDescriptor.compareStrings("File2", "File10", comparator: .localizedStandardCompare) == .orderedAscending)
        #expect(SortDescriptor.compareStrings("File2", "File10", comparator: .compare) == .orderedDescending)
        #expect(SortDescriptor.compareStrings("a", "A", comparator: .caseInsensitiveCompare) == .orderedSame)
    }

    @Test("localized selectors use ICU's root collation; caseInsensitiveCompare: folds fully")
    func localizedSelectors() throws {
        let people = ["Zoë", "émile", "Ängel", "Bob", "bob", "Straße", "STRASSE"].map { fixture.customer($0) }
        #expect(try sorted(people, [SortDescriptor(key: "name", comparator: .localizedCompare)])
            == ["Ängel", "bob", "Bob", "émile", "STRASSE", "Straße", "Zoë"])
        #expect(try sorted(people, [SortDescriptor(key: "name", comparator: .localizedCaseInsensitiveCompare)])
            == ["Ängel", "Bob", "bob", "émile", "STRASSE", "Straße", "Zoë"])
        #expect(SortDescriptor.compareStrings("Straße", "STRASSE", comparator: .caseInsensitiveCompare) == .orderedSame)
        #expect(SortDescriptor.compareStrings("é", "f", comparator: .localizedCompare) == .orderedAscending)
        #expect(SortDescriptor.compareStrings("é", "f", comparator: .compare) == .orderedDescending)
        #expect(SortDescriptor.Comparator(selector: "localizedStandardCompare:") == .localizedStandardCompare)
        #expect(SortDescriptor.Comparator(selector: "localizedCaseInsensitiveCompare") == .localizedCaseInsensitiveCompare)
        #expect(SortDescriptor.Comparator(selector: "compareNumbers:") == nil)
        #expect(SortDescriptor(key: "name", comparator: .localizedCompare).description == "(name, ascending, localizedCompare:)")
    }

    @Test("key paths through a to-one relationship; nil to-one sorts first")
    func toOneKeyPath() throws {
        let ann = fixture.customer("Ann"), bob = fixture.customer("Bob")
        let o1 = fixture.order(1, customer: bob), o2 = fixture.order(2, customer: ann)
        let o3 = fixture.order(3), o4 = fixture.order(4, customer: ann)
        let request = FetchRequest(entityName: "Order", sortDescriptors: [
            SortDescriptor(key: "customer.name"), SortDescriptor(key: "total", ascending: false),
        ])
        #expect(try request.sort([o1, o2, o3, o4]).map(\.displayName) == ["Order#3", "Order#4", "Order#2", "Order#1"])
        #expect(try SortDescriptor(key: "customer.name").compare(o1, o2) == .orderedDescending)
        #expect(try SortDescriptor(key: "customer.name", ascending: false).compare(o1, o2) == .orderedAscending)
        #expect(try SortDescriptor(key: "customer.name").compare(o2, o4) == .orderedSame)
        #expect(try SortDescriptor(key: "customer.orders.@count").compare(o1, o2) == .orderedAscending)
    }

    @Test("compareValues: a total order across kinds")
    func compareValues() {
        let cmp = SortDescriptor.compareValues
        #expect(cmp(.null, .integer(-5), .compare) == .orderedAscending)
        #expect(cmp(.null, .null, .compare) == .orderedSame)
        #expect(cmp(.integer(2), .double(2.5), .compare) == .orderedAscending)
        #expect(cmp(.bool(true), .integer(1), .compare) == .orderedSame)
        #expect(cmp(.date(10), .date(5), .compare) == .orderedDescending)
        #expect(cmp(.integer(100), .string("1"), .compare) == .orderedAscending)
        #expect(cmp(.uuid(UUIDBytes(high: 1, low: 0)), .uuid(UUIDBytes(high: 0, low: 9)), .compare) == .orderedDescending)
        #expect(cmp(.data([1, 2]), .data([1, 2, 0]), .compare) == .orderedAscending)
        let a = fixture.customer("a"), b = fixture.customer("b")
        #expect(cmp(.object(a), .object(b), .compare) == .orderedAscending)
        #expect(cmp(.object(a), .object(a), .compare) == .orderedSame)
        #expect(cmp(.collection([.integer(1)]), .collection([.integer(1), .integer(0)]), .compare) == .orderedAscending)
    }

    @Test("descriptions and reversal")
    func descriptions() {
        let d = SortDescriptor(key: "name", comparator: .localizedStandardCompare)
        #expect(d.description == "(name, ascending, localizedStandardCompare:)")
        #expect(d.reversedSortDescriptor.description == "(name, descending, localizedStandardCompare:)")
        #expect(SortDescriptor(key: "age").comparator == .compare)
    }

    @Test("an unknown sort key throws")
    func unknownKey() {
        let people = [fixture.customer("a"), fixture.customer("b")]
        #expect(errorKind { try self.sorted(people, [SortDescriptor(key: "nope")]) } == .unknownKey)
    }
}
