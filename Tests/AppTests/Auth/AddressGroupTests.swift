import Foundation
import GRDB
import Testing

@testable import App

@Suite("Throttled addresses")
struct AddressGroupTests {
    @Test(
        "an IPv6 address counts as its /64, written out in full, compressed or bracketed; IPv4 and IPv4-mapped ones as themselves"
    )
    func grouping() {
        let cases: [(String, String)] = [
            ("2001:0db8:0001:0002:0003:0004:0005:0006", "2001:db8:1:2::/64"),
            ("2001:db8:1:2::5", "2001:db8:1:2::/64"),
            ("2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
            ("[2001:db8:1:2::9]", "2001:db8:1:2::/64"),
            ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
            ("fe80::1%eth0", "fe80:0:0:0::/64"),
            ("::1", "0:0:0:0::/64"),
            ("::ffff:192.0.2.7", "192.0.2.7"),
            ("::ffff:c000:207", "192.0.2.7"),
            ("0:0:0:0:0:ffff:192.0.2.7", "192.0.2.7"),
            ("192.0.2.7", "192.0.2.7"),
            ("198.51.100.255", "198.51.100.255"),
            ("unknown", "unknown"),
            ("2001:db8::zz", "2001:db8::zz"),
        ]
        for (address, group) in cases {
            #expect(LoginThrottle.group(address) == group, "\(address)")
        }
    }

    @Test(
        "a guesser rotating through the addresses of one /64 is stopped as one address; sessions still show the whole address"
    )
    func rotatingWithinA64() async throws {
        try await TestApp.run { owner, database in
            // Given
            try await owner.signUp(email: "alex@example.com")
            try await owner.logOut()

            // When: six wrong passwords, each from another address of the same /64
            var statuses: [Int] = []
            for index in 1...6 {
                let guesser = Browser(client: owner.client)
                await guesser.setHeader("X-Forwarded-For", "2001:db8:1:2::\(index)")
                statuses.append(
                    try await guesser.logIn(email: "alex@example.com", password: "guess \(index)").status.code
                )
            }

            // Then
            #expect(statuses == [422, 422, 422, 422, 422, 429])
            #expect(
                try database.read { db in
                    try String.fetchAll(db, sql: "SELECT DISTINCT address FROM loginAttempt WHERE email != ''")
                } == ["2001:db8:1:2::/64"]
            )

            // And: the next /64 is another address, and a session records the address itself
            let neighbour = Browser(client: owner.client)
            await neighbour.setHeader("X-Forwarded-For", "2001:db8:1:3::1")
            #expect(try await neighbour.logIn(email: "alex@example.com").status == .seeOther)
            #expect(
                try database.read { db in
                    try String.fetchAll(db, sql: "SELECT address FROM session WHERE address IS NOT NULL")
                } == ["2001:db8:1:3::1"]
            )
        }
    }
}
