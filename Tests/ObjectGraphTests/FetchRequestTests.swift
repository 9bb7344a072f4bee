import Testing
@testable import ObjectGraph

@Suite struct FetchRequestTests {
    let fixture: FetchingFixture
    let customers: [ManagedObject]

    init() throws {
        fixture = try FetchingFixture()
        customers = [
            fixture.customer("Ann", age: 30), fixture.customer("Bob", age: 25), fixture.customer("Cy", age: 40),
            fixture.customer("Dee", age: 35), fixture.customer("Eve", age: 30), fixture.customer("Fay", age: 19),
            fixture.customer("Gus"),
        ]
        fixture.order(5, customer: customers[0])
        fixture.order(15, customer: customers[2])
        fixture.order(25, customer: customers[2])
    }

    private func names(_ objects: [ManagedObject]) -> [String] {
        objects.map { (try? $0.value(forKey: "name").stringValue) ?? "?" }
    }

    @Test("predicate, sort, offset and limit together")
    func applyAll() throws {
        let request = FetchRequest(
            entityName: "Customer",
            predicate: try Predicate(format: "age > %@", arguments: [.integer(20)]),
            sortDescriptors: [SortDescriptor(key: "age", ascending: false), SortDescriptor(key: "name")],
            fetchLimit: 3, fetchOffset: 1)
        // Matching, sorted: Cy 40, Dee 35, Ann 30, Eve 30, Bob 25.
        #expect(names(try request.apply(to: customers)) == ["Dee", "Ann", "Eve"])
    }

    @Test("no predicate, no sort: candidates in the given order")
    func passThrough() throws {
        let request = FetchRequest(entityName: "Customer")
        #expect(try request.apply(to: customers).count == 7)
        #expect(names(try request.apply(to: customers.reversed())).first == "Gus")
    }

    @Test("ties keep candidate order")
    func stableTies() throws {
        var request = FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "age")])
        request.predicate = try Predicate(format: "age == 30")
        #expect(names(try request.apply(to: customers)) == ["Ann", "Eve"])
        #expect(names(try request.apply(to: customers.reversed())) == ["Eve", "Ann"])
    }

    @Test("offset past the end gives nothing; limit 0 means no limit")
    func offsetAndLimit() throws {
        var request = FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "name")])
        request.fetchOffset = 7
        #expect(try request.apply(to: customers).isEmpty)
        request.fetchOffset = 5
        #expect(names(try request.apply(to: customers)) == ["Fay", "Gus"])
        request.fetchLimit = 1
        #expect(names(try request.apply(to: customers)) == ["Fay"])
        request.fetchOffset = 0
        request.fetchLimit = 100
        #expect(try request.apply(to: customers).count == 7)
    }

    @Test("negative limit or offset is an invalid fetch request")
    func invalid() {
        var request = FetchRequest(entityName: "Customer")
        request.fetchLimit = -1
        #expect(errorMessage { try request.apply(to: customers) } == "Invalid fetch limit -1: it must not be negative.")
        request.fetchLimit = 0
        request.fetchOffset = -2
        #expect(errorKind { try request.apply(to: customers) } == .invalidFetchRequest)
    }

    @Test("predicates over relationships in fetches")
    func relationshipPredicate() throws {
        let request = FetchRequest(entityName: "Customer",
                                   predicate: try Predicate(format: "orders.@sum.total > 1 OR ANY orders.total > 100"),
                                   sortDescriptors: [SortDescriptor(key: "orders.@count", ascending: false)])
        #expect(names(try request.apply(to: customers)) == ["Cy", "Ann"])
    }

    @Test("matches, compare and objectOrderPrecedes")
    func placement() throws {
        let request = FetchRequest(entityName: "Customer", predicate: try Predicate(format: "name BEGINSWITH[c] 'a'"),
                                   sortDescriptors: [SortDescriptor(key: "age"), SortDescriptor(key: "name")])
        #expect(try request.matches(customers[0]))
        #expect(try !request.matches(customers[1]))
        #expect(try FetchRequest(entityName: "Customer").matches(customers[1]))
        #expect(try request.compare(customers[0], customers[4]) == .orderedAscending)   // 30 Ann < 30 Eve
        #expect(try request.compare(customers[2], customers[1]) == .orderedDescending)  // 40 > 25
        #expect(try request.compare(customers[0], customers[0]) == .orderedSame)
        #expect(try request.objectOrderPrecedes(customers[6], customers[5]))            // nil age first
        #expect(try !request.objectOrderPrecedes(customers[0], customers[0]))
    }

    @Test("description")
    func description() throws {
        let request = FetchRequest(entityName: "Customer", predicate: try Predicate(format: "age > 3"),
                                   sortDescriptors: [SortDescriptor(key: "name")], fetchLimit: 10)
        #expect(request.description
            == "<FetchRequest: entity: Customer; predicate: (age > 3); sortDescriptors: ((name, ascending, compare:)); limit: 10; offset: 0>")
        #expect(request.includesPendingChanges)
    }
}

extension FetchRequestTests {
    @Test("validate(for:) checks key paths against the model, even behind empty relationships")
    func validateForEntity() throws {
        let customer = fixture.customerEntity
        try customer.validateKeyPath("orders.@sum.total")
        try customer.validateKeyPath("orders.customer.name")
        try customer.validateKeyPath("orders.@count")
        try customer.validateKeyPath("name")
        #expect(errorMessage { try customer.validateKeyPath("orders.foo") }
            == "keypath orders.foo not found in entity Customer")
        #expect(errorMessage { try customer.validateKeyPath("orders.@median.total") }
            == "[<NSSet> valueForKeyPath:]: this class does not implement the median operation.")
        let request = FetchRequest(entityName: "Customer", predicate: try Predicate(format: "ANY orders.foo == 1"))
        // Evaluation cannot see the unknown key on a customer without orders; validation can.
        #expect(try request.apply(to: [customers[1]]).isEmpty)
        #expect(errorMessage { try request.validate(for: customer) } == "keypath orders.foo not found in entity Customer")
        let sorted = FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "nope")])
        #expect(errorKind { try sorted.validate(for: customer) } == .unknownKey)
        try FetchRequest(entityName: "Customer", predicate: try Predicate(format: "customer.name == nil"))
            .validate(for: fixture.orderEntity)
    }
}
