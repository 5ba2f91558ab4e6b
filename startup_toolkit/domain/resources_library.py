"""The Solutions Hub's built-in library: the resources seeded into an empty table, written for
this product (P-HUB-1)."""

from __future__ import annotations

from startup_toolkit.domain.resources import ResourceView

#: Each row: id, title, description, type, category, then the keywords.
SEED_RESOURCES: tuple[ResourceView, ...] = (
    ResourceView(
        1,
        "Runway Math for First-Time Founders",
        "Work out how many months you can last, and what moves the number.",
        "Article",
        "Finance",
        popular=True,
        content="""## Why runway comes first
Runway is the number of months your company can keep going at today's spending before the
bank account reaches zero. Every other plan sits on top of it: hiring, fundraising and
pricing all change it.

## The simple formula
1. Take the cash you have today.
2. Work out your **net burn**: money going out each month minus money coming in.
3. Divide cash by net burn. That is your runway in months.

A team with 240,000 in the bank, 30,000 of costs and 10,000 of revenue a month burns 20,000
net and has 12 months of runway.

## What moves the number
- **Revenue** grows runway twice: more cash in, and proof for investors.
- **Payroll** is usually 70-80% of costs; each hire shortens runway noticeably.
- **Tools and subscriptions** creep up quietly: review them every quarter.

## When to act
Start fundraising with at least **9 months** left; a round often takes 4-6 months. Below
6 months, cut costs first and raise second.

## A monthly habit
Update the number on the first working day of each month and share it with your co-founders.
Surprises about cash are the ones a startup cannot afford.
""",
    ),
    ResourceView(
        2,
        "Unit Economics Worksheet",
        "A fill-in worksheet for acquisition cost, lifetime value and payback.",
        "Document",
        "Finance",
        popular=False,
        file_size="180KB",
        content="""## How to use this worksheet
Fill in the blanks with last quarter's numbers. Estimates are fine; write down where each one
comes from so you can improve it later.

## Customer acquisition cost (CAC)
- Sales and marketing spend last quarter: ____
- New paying customers last quarter: ____
- **CAC** = spend / new customers = ____

## Lifetime value (LTV)
- Average revenue per customer per month: ____
- Gross margin (%): ____
- Monthly churn (%): ____
- **LTV** = revenue x margin / churn = ____

## Payback period
- **Months to recover CAC** = CAC / (revenue x margin) = ____

## Reading the results
- LTV at least **3x** CAC is a healthy sign for most software businesses.
- A payback under **12 months** keeps growth from eating your cash.
- If churn is high, fix retention before you spend more on acquisition.
""",
    ),
    ResourceView(
        3,
        "Finding Your First 100 Users",
        "Hands-on ways to reach early adopters without an ad budget.",
        "Article",
        "Growth",
        popular=True,
        content="""## Start where your users already are
List the communities, newsletters, forums and events where the people with your problem
already spend time. Join them to help first; mention your product only when it answers a
question someone asked.

## Do things that do not scale
- Onboard each new user on a call and write down every stumble.
- Send personal emails, not campaigns, to the first few hundred sign-ups.
- Fix the top complaint of the week, then tell the people who raised it.

## Turn users into a channel
Ask your happiest users what they would tell a friend about the product and use their words
on your landing page. Offer a small thank-you for introductions rather than a complex
referral scheme.

## Measure the basics
Track weekly sign-ups, activation (users who reach the first useful moment) and week-4
retention. Growth without retention is a leaking bucket.
""",
    ),
    ResourceView(
        4,
        "Designing a Growth Experiment",
        "A five-minute walkthrough of running one clean experiment per week.",
        "Video",
        "Growth",
        popular=False,
        content="""## What this video covers
A short walkthrough of how to plan, run and read one growth experiment a week.

## Outline
1. **Pick one metric** you want to move, such as activation rate.
2. **Write a hypothesis**: "If we add a checklist to onboarding, activation rises by 10%."
3. **Size it**: how many users do you need before the result means anything?
4. **Run it** for a fixed time; do not stop early because the first days look good.
5. **Decide**: keep, drop or iterate, and write down what you learned.

## Transcript summary
Most teams run too many experiments at once and learn nothing from any of them. One clean
test a week, written down in a shared log, compounds into a real understanding of your
users within a quarter.
""",
    ),
    ResourceView(
        5,
        "Positioning Statement Template",
        "Fill-in template to state who you serve, the problem and why you win.",
        "Document",
        "Marketing",
        popular=True,
        file_size="95KB",
        content="""## The template
For **[target customer]** who **[has this problem]**, **[product name]** is a
**[product category]** that **[key benefit]**. Unlike **[main alternative]**, we
**[main difference]**.

## Filling it in
- **Target customer**: narrow enough that you could name ten of them.
- **Problem**: in the customer's words, taken from interviews.
- **Category**: the shelf a buyer would look on; invent one only with good reason.
- **Key benefit**: an outcome, not a feature.
- **Alternative**: often a spreadsheet, an agency or doing nothing.

## Testing it
Read the statement to five prospects. If they repeat it back in their own words and ask
how to try it, you are close. If they look puzzled, make it narrower.
""",
    ),
    ResourceView(
        6,
        "Writing a Landing Page That Converts",
        "Structure and copy rules for a page that turns visitors into sign-ups.",
        "Article",
        "Marketing",
        popular=False,
        content="""## One page, one goal
Decide the single action a visitor should take (start a trial, book a demo, join a waitlist)
and remove everything that competes with it.

## The structure that works
1. **Headline**: the outcome your customer wants, in eight words or fewer.
2. **Sub-headline**: who it is for and how it works, in one sentence.
3. **Proof**: a customer quote, a number or a recognisable logo.
4. **Three benefits**, each with a short example.
5. **Call to action**, repeated at the end of the page.

## Copy rules
- Use the words customers use in interviews, not internal jargon.
- Prefer short sentences and concrete numbers.
- Answer the top three objections near the final call to action.

## Measure and iterate
Track the visit-to-sign-up rate and change one element at a time.
""",
    ),
    ResourceView(
        7,
        "Customer Interview Playbook",
        "How to run problem interviews that reveal what people actually do.",
        "Video",
        "Product",
        popular=True,
        content="""## What this video covers
An eight-minute guide to interviews that uncover real problems instead of polite opinions.

## Outline
1. **Recruit** people who had the problem recently.
2. **Ask about the past**, not the future: "Tell me about the last time you..."
3. **Dig into workarounds**: what they tried, what it cost, what annoyed them.
4. **Avoid pitching** until the last five minutes, if at all.
5. **Debrief** within an hour and tag the notes by problem.

## Transcript summary
Compliments and hypothetical promises are noise. Look for money or time already spent on
the problem: that is the strongest signal that a solution is worth building.
""",
    ),
    ResourceView(
        8,
        "MVP Scoping Checklist",
        "A checklist to cut your first version down to what proves the idea.",
        "Document",
        "Product",
        popular=False,
        file_size="120KB",
        content="""## Before you build
- [ ] The riskiest assumption is written down in one sentence.
- [ ] You know which behaviour would prove or disprove it.
- [ ] At least ten target users agreed to try the first version.

## Scope
- [ ] One core workflow, end to end, nothing else.
- [ ] Manual work behind the scenes is allowed where it saves weeks.
- [ ] Sign-up, billing and settings are as simple as possible.

## Launch readiness
- [ ] You can see who uses it and where they drop off.
- [ ] There is a direct way for users to reach you.
- [ ] A date is set to decide: continue, change or stop.
""",
    ),
    ResourceView(
        9,
        "How Seed Rounds Work",
        "Instruments, dilution and timelines of a first priced or SAFE round.",
        "Article",
        "Fundraising",
        popular=True,
        content="""## What a seed round is for
A seed round funds the search for product-market fit: usually 12-24 months of runway to
reach the milestones that make a larger round possible.

## Common instruments
- **SAFE**: a simple agreement that converts to shares at the next priced round, usually
  with a valuation cap and sometimes a discount.
- **Convertible note**: similar, but a loan with interest and a maturity date.
- **Priced round**: investors buy shares at an agreed valuation now.

## Dilution in plain numbers
Selling 20% of the company means each existing holder keeps 80% of their stake. Several
SAFEs converting at once can dilute more than founders expect: model them together.

## A realistic timeline
Plan 2-3 months of preparation and 2-4 months of meetings. Keep building while you raise;
progress during the process is the best argument you have.
""",
    ),
    ResourceView(
        10,
        "Pitch Deck Structure in 12 Slides",
        "A short video walkthrough of a clear, investor-friendly deck.",
        "Video",
        "Fundraising",
        popular=False,
        content="""## What this video covers
A ten-minute walkthrough of a deck that tells one clear story.

## Outline
1. Title and one-line description
2. Problem
3. Solution
4. Why now
5. Market size
6. Product
7. Traction
8. Business model
9. Competition
10. Team
11. Financial plan
12. The ask and use of funds

## Transcript summary
Investors read decks quickly. Put traction early if it is strong, keep one idea per slide
and make sure the ask ties directly to the milestones the money will reach.
""",
    ),
    ResourceView(
        11,
        "Co-Founder Agreement Essentials",
        "The topics every founding team should settle in writing early.",
        "Document",
        "Legal",
        popular=False,
        file_size="210KB",
        content="""## Why write it down
Most co-founder disputes come from expectations that were never said out loud. A short
written agreement, made while everyone gets along, prevents the hardest conversations later.

## Topics to cover
- **Equity split** and the reasoning behind it.
- **Vesting**: commonly four years with a one-year cliff, for every founder.
- **Roles and decisions**: who decides what, and how ties are broken.
- **Time commitment** and outside work.
- **Intellectual property**: everything built for the company belongs to the company.
- **Leaving**: what happens to unvested and vested shares.

## Next step
Use this list to agree on the principles, then ask a lawyer in your jurisdiction to turn
them into binding documents. This guide is general information, not legal advice.
""",
    ),
    ResourceView(
        12,
        "Protecting Your Startup's IP",
        "Trademarks, copyright, patents and trade secrets explained for founders.",
        "Article",
        "Legal",
        popular=False,
        content="""## Four kinds of protection
- **Trademarks** protect names and logos. Search before you pick a name.
- **Copyright** covers code and content automatically once written.
- **Patents** protect inventions, cost real money and take years.
- **Trade secrets** protect know-how you keep confidential.

## The basics to do now
1. Make sure every founder, employee and contractor assigns their work to the company.
2. Register your main trademark in the markets you sell to.
3. Keep a record of open-source licences used in your product.

## When to get advice
Talk to an IP lawyer before publishing a novel invention or entering a new country. This
article is general information, not legal advice.
""",
    ),
    ResourceView(
        13,
        "Pricing Your SaaS Product",
        "Value-based pricing, tiers and when to raise prices.",
        "Article",
        "Product",
        popular=False,
        content="""## Price on value, not cost
Estimate what the problem costs your customer each month, then price at a fraction of it.
Costs set the floor, value sets the ceiling.

## Simple tiers
Offer two or three plans that differ by a **value metric** customers understand, such as
seats, projects or usage. Avoid dozens of feature toggles.

## Raise prices with confidence
- New customers first, existing ones with notice.
- If nobody complains about price, it is probably too low.
- Annual plans with a discount improve cash flow.

## Test it
Run pricing conversations in sales calls and watch conversion by plan.
""",
    ),
    ResourceView(
        14,
        "Investor Update Template",
        "A monthly update format that keeps investors informed and helpful.",
        "Document",
        "Fundraising",
        popular=False,
        file_size="60KB",
        content="""## Why send updates
Regular updates build trust, and investors who know your progress are the first to help
with introductions or the next round.

## The template
- **Headline**: one sentence on the month.
- **Key metrics**: revenue, growth, burn, runway.
- **Wins**: two or three, with numbers.
- **Challenges**: honest and specific.
- **Asks**: concrete requests, such as an introduction to a named company.

## Habits
Send it on the same day each month, keep it under one page and never skip a bad month.
""",
    ),
)
