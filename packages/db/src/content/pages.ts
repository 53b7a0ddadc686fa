import type { SeedEntry, SeedWords } from './types.ts';

const page = (
  key: string,
  audience: SeedEntry['audience'] | undefined,
  en: Omit<SeedWords, 'slug'>,
  ms: Omit<SeedWords, 'slug'>,
  zh: Omit<SeedWords, 'slug'>,
): SeedEntry => ({
  key,
  kind: 'PAGE',
  ...(audience ? { audience } : {}),
  words: { en: { slug: key, ...en }, ms: { slug: key, ...ms }, zh: { slug: key, ...zh } },
});

/** The information pages under /more and /services: fixed URLs, so each slug is its key. */
export const PAGES: SeedEntry[] = [
  page(
    'about',
    undefined,
    {
      title: 'About Kunci',
      description: 'Kunci helps people in Malaysia rent a home without a security deposit, and helps owners rent out safely.',
      body: `Kunci is a home-rental marketplace for Malaysia, in English, Bahasa Malaysia and Chinese.

Tenants search, chat with verified landlords, book viewings and move in without the usual two or three months of deposit. Owners post for free, and we screen tenants, prepare the agreement, collect the rent and protect it.

## What we stand for

- **No deposit**: landlords on Kunci may not ask for one.
- **No race preference**: listings cannot state one, and search has no such filter.
- **No scams**: verified phone numbers, payments only through the platform, and a report button in every chat.`,
    },
    {
      title: 'Tentang Kunci',
      description: 'Kunci membantu orang di Malaysia menyewa rumah tanpa deposit keselamatan, dan membantu pemilik menyewakan dengan selamat.',
      body: `Kunci ialah pasaran sewa rumah untuk Malaysia, dalam bahasa Inggeris, Bahasa Malaysia dan bahasa Cina.

Penyewa mencari, bersembang dengan tuan rumah yang disahkan, menempah lawatan dan berpindah masuk tanpa deposit dua atau tiga bulan seperti biasa. Pemilik mengiklankan secara percuma, dan kami menyaring penyewa, menyediakan perjanjian, mengutip sewa dan melindunginya.

## Pendirian kami

- **Tiada deposit**: tuan rumah di Kunci tidak boleh memintanya.
- **Tiada keutamaan kaum**: iklan tidak boleh menyatakannya, dan carian tiada penapis sedemikian.
- **Tiada penipuan**: nombor telefon disahkan, bayaran hanya melalui platform, dan butang lapor dalam setiap sembang.`,
    },
    {
      title: '关于 Kunci',
      description: 'Kunci 帮助马来西亚人免押金租房，也帮助屋主安心出租。',
      body: `Kunci 是马来西亚的租房平台，提供英文、马来文和中文。

租客可以搜索房源、与经过验证的房东聊天、预约看房，并且无需支付一般两三个月的押金就能入住。屋主免费刊登，由我们审核租客、准备租约、代收租金并提供保障。

## 我们的原则

- **零押金**：Kunci 上的房东不得收取押金。
- **不设种族偏好**：房源不得注明，搜索也没有这类筛选。
- **杜绝诈骗**：电话号码经过验证，只在平台上付款，每个聊天都有举报按钮。`,
    },
  ),
  page(
    'about-company',
    undefined,
    {
      title: 'The company',
      description: 'Who runs Kunci, where we are, and how we earn our living.',
      body: `Kunci is run by a small team in Kuala Lumpur: people who have rented, let and managed homes in the Klang Valley, and engineers who build the service.

## How we earn

Posting and searching are free. We earn from the tenant's signing fee, rental collection (a 1.88% processing fee) and the landlord protection plans. We never take money to rank a listing higher.

## Where to find us

Our office is in Bangsar South, Kuala Lumpur. Write to us from the contact page: every message is read by a person and answered within two working days.`,
    },
    {
      title: 'Syarikat',
      description: 'Siapa yang mengendalikan Kunci, di mana kami berada, dan bagaimana kami memperoleh pendapatan.',
      body: `Kunci dikendalikan oleh pasukan kecil di Kuala Lumpur: mereka yang pernah menyewa, menyewakan dan mengurus rumah di Lembah Klang, serta jurutera yang membina perkhidmatan ini.

## Cara kami memperoleh pendapatan

Mengiklankan dan mencari adalah percuma. Kami memperoleh pendapatan daripada yuran perjanjian sewa penyewa, kutipan sewa (yuran pemprosesan 1.88%) dan pelan perlindungan tuan rumah. Kami tidak pernah menerima bayaran untuk meletakkan iklan di kedudukan lebih tinggi.

## Di mana kami

Pejabat kami di Bangsar South, Kuala Lumpur. Tulis kepada kami melalui halaman hubungi: setiap mesej dibaca oleh manusia dan dijawab dalam tempoh dua hari bekerja.`,
    },
    {
      title: '公司简介',
      description: '谁在经营 Kunci、我们在哪里，以及我们如何赚钱。',
      body: `Kunci 由吉隆坡的一个小团队经营：团队成员在巴生谷租过房、出租过房子、管理过物业，还有负责打造这项服务的工程师。

## 我们如何赚钱

刊登和搜索都是免费的。我们的收入来自租客的租约费、代收租金（1.88% 手续费）以及房东保障计划。我们从不收钱提高房源排名。

## 联系我们

我们的办公室位于吉隆坡孟沙南城。请通过联系页面留言：每条留言都由专人阅读，并在两个工作日内回复。`,
    },
  ),
  page(
    'about-featured',
    undefined,
    {
      title: 'Featured',
      description: 'Guides, stories and events from Kunci that tenants and landlords found most useful.',
      body: `A selection of what people read most on Kunci.

- [What you pay to move in, and after](/learn/tenant-payment): zero deposit explained with a worked example.
- [Protecting your rent and your home](/learn/landlord-protection): the three protection plans side by side.
- [Five signs of a rental scam](/learn/blog/five-signs-of-a-rental-scam): what to watch for, and who to call.
- [Renting in Bangsar](/learn/faq/bangsar): transport, rents and daily life, answered.

More on the [learning centre](/learn).`,
    },
    {
      title: 'Pilihan',
      description: 'Panduan, cerita dan acara Kunci yang paling berguna kepada penyewa dan tuan rumah.',
      body: `Pilihan bacaan paling popular di Kunci.

- [Bayaran untuk berpindah masuk, dan selepasnya](/my/learn/tenant-payment): sifar deposit diterangkan dengan contoh pengiraan.
- [Melindungi sewa dan rumah anda](/my/learn/landlord-protection): tiga pelan perlindungan dibandingkan.
- [Lima tanda penipuan sewa](/my/learn/blog/lima-tanda-penipuan-sewa): apa yang perlu diberi perhatian, dan siapa yang perlu dihubungi.
- [Menyewa di Bangsar](/my/learn/faq/bangsar): pengangkutan, sewa dan kehidupan harian, dijawab.

Lagi di [pusat pembelajaran](/my/learn).`,
    },
    {
      title: '精选',
      description: '租客和房东认为最有用的 Kunci 指南、文章和活动。',
      body: `Kunci 上最多人阅读的内容。

- [入住要付多少钱，以及之后的付款](/zh/learn/tenant-payment)：以实际例子说明零押金。
- [保障你的租金和房子](/zh/learn/landlord-protection)：三种保障计划并列比较。
- [租房诈骗的五个信号](/zh/learn/blog/zufang-zhapian-wuge-xinhao)：要注意什么，以及找谁求助。
- [在孟沙租房](/zh/learn/faq/bangsar)：交通、租金和日常生活问答。

更多内容请看[学习中心](/zh/learn)。`,
    },
  ),
  page(
    'about-achievements',
    undefined,
    {
      title: 'What we have achieved',
      description: 'The promises Kunci keeps for tenants and landlords, and the milestones behind them.',
      body: `## For tenants

- Moving in costs the first month's rent and a signing fee, not three months' deposit.
- Every landlord's phone number is verified before they can chat.
- Every page is in English, Bahasa Malaysia and Chinese, with nothing left untranslated.

## For landlords

- Posting, editing and extending listings are free.
- Tenants are screened with a credit report and documents before the agreement.
- Rent is protected up to RM42,000, and collected rent is paid out within three working days.

## For everyone

- No race preference on any listing, and no filter for it in search.
- Deposit requests and scams can be reported from any chat; confirmed cases are banned.`,
    },
    {
      title: 'Pencapaian kami',
      description: 'Janji yang ditepati Kunci kepada penyewa dan tuan rumah, dan pencapaian di sebaliknya.',
      body: `## Untuk penyewa

- Kos berpindah masuk ialah sewa bulan pertama dan yuran perjanjian sewa, bukan deposit tiga bulan.
- Nombor telefon setiap tuan rumah disahkan sebelum mereka boleh bersembang.
- Setiap halaman dalam bahasa Inggeris, Bahasa Malaysia dan bahasa Cina, tanpa teks yang tidak diterjemah.

## Untuk tuan rumah

- Mengiklankan, menyunting dan melanjutkan iklan adalah percuma.
- Penyewa disaring dengan laporan kredit dan dokumen sebelum perjanjian.
- Sewa dilindungi sehingga RM42,000, dan sewa yang dikutip dibayar dalam tempoh tiga hari bekerja.

## Untuk semua

- Tiada keutamaan kaum dalam mana-mana iklan, dan tiada penapis sedemikian dalam carian.
- Permintaan deposit dan penipuan boleh dilaporkan daripada mana-mana sembang; kes yang disahkan disekat.`,
    },
    {
      title: '我们的成果',
      description: 'Kunci 对租客和房东信守的承诺，以及背后的里程碑。',
      body: `## 对租客

- 入住只需首月租金和租约费，而不是三个月押金。
- 每位房东的电话号码在聊天前都经过验证。
- 每个页面都有英文、马来文和中文，没有未翻译的内容。

## 对房东

- 刊登、修改和延长房源都免费。
- 签约前以信用报告和文件审核租客。
- 租金保障最高 RM42,000，代收的租金在三个工作日内转给你。

## 对所有人

- 所有房源都不设种族偏好，搜索也没有这类筛选。
- 任何聊天都能举报收押金和诈骗行为；一经证实即封号。`,
    },
  ),
  page(
    'contact',
    undefined,
    {
      title: 'Contact us',
      description: 'Questions about a listing, a deal or your account? Write to us: a person answers within two working days.',
      body: `Write to us with the form below. A person reads every message and answers within two working days, in the language you wrote in.

- **About a listing or a chat**: include the listing's link, so we can find it quickly.
- **About a deal or a payment**: include the deal's reference from your dashboard.
- **Something urgent**: if you have paid someone outside the platform, make a police report and call the National Scam Response Centre at 997 first, then tell us.`,
    },
    {
      title: 'Hubungi kami',
      description: 'Ada soalan tentang iklan, urusan sewa atau akaun anda? Tulis kepada kami: manusia akan menjawab dalam tempoh dua hari bekerja.',
      body: `Tulis kepada kami menggunakan borang di bawah. Setiap mesej dibaca oleh manusia dan dijawab dalam tempoh dua hari bekerja, dalam bahasa yang anda gunakan.

- **Tentang iklan atau sembang**: sertakan pautan iklan, supaya kami dapat mencarinya dengan cepat.
- **Tentang urusan sewa atau bayaran**: sertakan rujukan urusan daripada papan pemuka anda.
- **Perkara segera**: jika anda telah membayar seseorang di luar platform, buat laporan polis dan hubungi Pusat Respons Scam Kebangsaan di talian 997 dahulu, kemudian maklumkan kami.`,
    },
    {
      title: '联系我们',
      description: '对房源、租赁交易或账号有疑问？给我们留言：专人会在两个工作日内回复。',
      body: `请使用下面的表格给我们留言。每条留言都由专人阅读，并在两个工作日内以你使用的语言回复。

- **关于房源或聊天**：请附上房源链接，方便我们尽快找到。
- **关于交易或付款**：请附上仪表板中的交易编号。
- **紧急情况**：如果你已在平台以外付款给他人，请先报警并拨打国家诈骗应对中心热线 997，然后通知我们。`,
    },
  ),
  page(
    'tenant',
    'TENANT',
    {
      title: 'Renting with zero deposit',
      description: "Move in with your first month's rent and a small signing fee instead of two or three months of deposit.",
      body: `Find a home, chat with a verified landlord, book a viewing and move in, without tying up three months of rent in a deposit.

## Why tenants choose Kunci

- **Less to pay up front**: the first month's rent and a RM399 signing fee plus SST.
- **Verified landlords**: every phone number checked, every listing reviewed before it goes live.
- **Everything in one place**: chat, viewings, the agreement and monthly rent.

Start with our [renting basics](/learn/tenant-basics), or read [what you pay to move in](/learn/tenant-payment).`,
    },
    {
      title: 'Menyewa dengan sifar deposit',
      description: 'Pindah masuk dengan sewa bulan pertama dan yuran perjanjian yang kecil, bukan deposit dua atau tiga bulan.',
      body: `Cari rumah, bersembang dengan tuan rumah yang disahkan, tempah lawatan dan pindah masuk, tanpa mengikat tiga bulan sewa dalam deposit.

## Mengapa penyewa memilih Kunci

- **Kurang bayaran pendahuluan**: sewa bulan pertama dan yuran perjanjian sewa RM399 serta SST.
- **Tuan rumah disahkan**: setiap nombor telefon disemak, setiap iklan disemak sebelum disiarkan.
- **Semuanya di satu tempat**: sembang, lawatan, perjanjian dan sewa bulanan.

Mulakan dengan [asas menyewa](/my/learn/tenant-basics), atau baca [bayaran untuk berpindah masuk](/my/learn/tenant-payment).`,
    },
    {
      title: '零押金租房',
      description: '入住只需首月租金和少许租约费，无需两三个月的押金。',
      body: `找房、与经过验证的房东聊天、预约看房并入住，不必把三个月的租金押在押金里。

## 租客为什么选择 Kunci

- **预付更少**：首月租金和 RM399 租约费加 SST。
- **房东经过验证**：每个电话号码都经过核实，每则房源上线前都经过审核。
- **一站式处理**：聊天、看房、租约和每月租金。

从[租房入门](/zh/learn/tenant-basics)开始，或阅读[入住要付多少钱](/zh/learn/tenant-payment)。`,
    },
  ),
  page(
    'tenant-no-deposit',
    'TENANT',
    {
      title: 'How zero deposit works',
      description: 'Why you can move in without a deposit, what you pay instead, and who qualifies.',
      body: `Landlords usually ask for a deposit to cover unpaid rent and damage. On Kunci, screening and the landlord's protection plan do that job, so you do not have to.

## Who qualifies

Homes renting from RM500 to RM5,000 a month, and rooms from RM300 to RM1,500, with tenancies of 3 to 12 months. You need to pass screening: a credit report and a few documents.

## What you pay

For a RM900 home: about RM3,150 up front with two months' deposit, one month's utility deposit and the first month's rent, against **RM1,322.94** on Kunci (first month's rent, RM399 signing fee and 6% SST on the fee).

## Your responsibilities stay the same

You still pay rent on time and return the home in the condition you found it. Damage and unpaid rent are still yours to settle; they are simply not taken from a deposit.`,
    },
    {
      title: 'Cara sifar deposit berfungsi',
      description: 'Mengapa anda boleh berpindah masuk tanpa deposit, apa yang anda bayar sebagai ganti, dan siapa yang layak.',
      body: `Tuan rumah biasanya meminta deposit untuk menampung sewa tertunggak dan kerosakan. Di Kunci, saringan dan pelan perlindungan tuan rumah melakukan tugas itu, jadi anda tidak perlu.

## Siapa yang layak

Rumah dengan sewa RM500 hingga RM5,000 sebulan, dan bilik RM300 hingga RM1,500, dengan tempoh sewa 3 hingga 12 bulan. Anda perlu lulus saringan: laporan kredit dan beberapa dokumen.

## Apa yang anda bayar

Untuk rumah RM900: kira-kira RM3,150 di awal dengan deposit dua bulan, deposit utiliti sebulan dan sewa bulan pertama, berbanding **RM1,322.94** di Kunci (sewa bulan pertama, yuran perjanjian sewa RM399 dan SST 6% ke atas yuran itu).

## Tanggungjawab anda tetap sama

Anda masih membayar sewa tepat pada masanya dan memulangkan rumah dalam keadaan asal. Kerosakan dan sewa tertunggak tetap perlu anda selesaikan; cuma ia tidak diambil daripada deposit.`,
    },
    {
      title: '零押金如何运作',
      description: '为什么你可以免押金入住、你需要付什么，以及谁符合资格。',
      body: `房东通常收押金，以应付欠租和损坏。在 Kunci，这由租客审核和房东保障计划负责，所以你不必付押金。

## 谁符合资格

月租 RM500 至 RM5,000 的房子，以及 RM300 至 RM1,500 的房间，租期 3 至 12 个月。你需要通过审核：信用报告和几份文件。

## 你需要付什么

以 RM900 的房子为例：一般需预付约 RM3,150（两个月押金、一个月水电押金和首月租金），而在 Kunci 只需 **RM1,322.94**（首月租金、RM399 租约费及租约费的 6% SST）。

## 你的责任不变

你仍需准时付租，退租时把房子恢复原状。损坏和欠租仍须由你负责，只是不会从押金中扣除。`,
    },
  ),
  page(
    'tenant-video',
    'TENANT',
    {
      title: 'Viewing a home by video',
      description: 'Cannot get to a viewing? How to ask for a live video tour and what to check on camera.',
      body: `Many listings on Kunci have a video tour on their page. When you need more, ask the landlord for a live video call in the chat.

## Before the call

Send the landlord your questions in the chat, so nothing is forgotten: water pressure, the view, the noise from the road, the state of the kitchen.

## During the call

- Ask them to walk slowly from the front door through every room, without cutting.
- Ask to see the ceiling corners and under the sinks: that is where leaks show.
- Ask them to open the windows so you can hear the street.

## After the call

Write down what was agreed in the chat. If you apply without a physical viewing, you can still cancel within 24 hours with a full refund of the booking fee.`,
    },
    {
      title: 'Melawat rumah melalui video',
      description: 'Tidak dapat hadir ke lawatan? Cara meminta lawatan video secara langsung dan apa yang perlu disemak di kamera.',
      body: `Banyak iklan di Kunci mempunyai video lawatan di halamannya. Jika anda perlukan lebih, minta panggilan video secara langsung daripada tuan rumah dalam sembang.

## Sebelum panggilan

Hantar soalan anda kepada tuan rumah dalam sembang, supaya tiada yang terlupa: tekanan air, pemandangan, bunyi dari jalan, keadaan dapur.

## Semasa panggilan

- Minta mereka berjalan perlahan dari pintu depan melalui setiap bilik, tanpa henti.
- Minta untuk melihat sudut siling dan bawah sinki: di situlah kebocoran kelihatan.
- Minta mereka membuka tingkap supaya anda dapat mendengar bunyi jalan.

## Selepas panggilan

Catat apa yang dipersetujui dalam sembang. Jika anda memohon tanpa lawatan fizikal, anda masih boleh membatalkan dalam tempoh 24 jam dengan pemulangan penuh yuran tempahan.`,
    },
    {
      title: '视频看房',
      description: '无法亲自看房？如何要求实时视频看房，以及镜头前要检查什么。',
      body: `Kunci 上许多房源的页面都有视频导览。如果需要更多，可以在聊天中请房东进行实时视频通话。

## 通话前

先在聊天中把问题发给房东，免得遗漏：水压、景观、马路噪音、厨房状况。

## 通话时

- 请房东从大门开始慢慢走过每个房间，中间不要剪接。
- 请他拍天花板角落和水槽下方：漏水通常在那里出现。
- 请他打开窗户，让你听听街上的声音。

## 通话后

把谈妥的事写在聊天里。如果你没有亲自看房就申请，仍可在 24 小时内取消，预订费全额退还。`,
    },
  ),
  page(
    'landlord',
    'LANDLORD',
    {
      title: 'Rent out your property for free',
      description: 'Post for free, meet screened tenants, and let us collect and protect your rent.',
      body: `Posting on Kunci is free, and so are edits and extensions. Tenants find you by area, building and MRT line, in three languages.

## What we do for you

- **Screen tenants** with a credit report and documents before you sign.
- **Prepare the agreement** and its stamping, signed online by both sides.
- **Collect the rent** every month and pay you within three working days.
- **Protect your rent** and your home with one of three plans.

Read [the basics](/learn/landlord-basics) or [how it works](/more/landlord/how), then post your home.`,
    },
    {
      title: 'Sewakan hartanah anda secara percuma',
      description: 'Iklankan secara percuma, temui penyewa yang disaring, dan biar kami mengutip serta melindungi sewa anda.',
      body: `Mengiklankan di Kunci adalah percuma, begitu juga suntingan dan lanjutan. Penyewa menemui anda mengikut kawasan, bangunan dan laluan MRT, dalam tiga bahasa.

## Apa yang kami lakukan untuk anda

- **Menyaring penyewa** dengan laporan kredit dan dokumen sebelum anda menandatangani.
- **Menyediakan perjanjian** dan setemnya, ditandatangani dalam talian oleh kedua-dua pihak.
- **Mengutip sewa** setiap bulan dan membayar anda dalam tempoh tiga hari bekerja.
- **Melindungi sewa** dan rumah anda dengan salah satu daripada tiga pelan.

Baca [asasnya](/my/learn/landlord-basics) atau [cara ia berfungsi](/my/more/landlord/how), kemudian iklankan rumah anda.`,
    },
    {
      title: '免费出租你的房产',
      description: '免费刊登，接触经过审核的租客，由我们代收并保障你的租金。',
      body: `在 Kunci 刊登房源是免费的，修改和延期也一样。租客可以按地区、公寓和 MRT 路线找到你，并提供三种语言。

## 我们为你做什么

- 签约前以信用报告和文件**审核租客**。
- **准备租约**并办理盖印，双方在线签署。
- 每月**代收租金**，三个工作日内转给你。
- 以三种计划之一**保障你的租金**和房子。

阅读[基本须知](/zh/learn/landlord-basics)或[运作方式](/zh/more/landlord/how)，然后刊登你的房子。`,
    },
  ),
  page(
    'landlord-how',
    'LANDLORD',
    {
      title: 'How it works for landlords',
      description: 'Five steps from posting your home to receiving rent, and what each one asks of you.',
      body: `1. **Post your home**: photos, rent, furnishing and when it is available. It takes about ten minutes.
2. **We review it**, usually within a working day, and it goes live in English, Malay and Chinese.
3. **Chat and show the home**: you answer tenants and accept viewing times, or our home runner shows it for you.
4. **Choose your tenant**: they pay a RM500 booking fee and we screen them while you hold the unit for seven days.
5. **Sign and get paid**: the agreement is signed online, and each month's rent reaches you within three working days of the tenant paying.

Questions? See the [landlord FAQ](/learn/landlord-faq).`,
    },
    {
      title: 'Cara ia berfungsi untuk tuan rumah',
      description: 'Lima langkah dari mengiklankan rumah hingga menerima sewa, dan apa yang diperlukan daripada anda di setiap langkah.',
      body: `1. **Iklankan rumah anda**: foto, sewa, kelengkapan perabot dan bila ia boleh diduduki. Ia mengambil kira-kira sepuluh minit.
2. **Kami menyemaknya**, biasanya dalam satu hari bekerja, dan ia disiarkan dalam bahasa Inggeris, Melayu dan Cina.
3. **Bersembang dan tunjukkan rumah**: anda menjawab penyewa dan menerima masa lawatan, atau pembantu kunci kami menunjukkannya untuk anda.
4. **Pilih penyewa anda**: mereka membayar yuran tempahan RM500 dan kami menyaring mereka sementara anda menyimpan unit selama tujuh hari.
5. **Tandatangan dan terima bayaran**: perjanjian ditandatangani dalam talian, dan sewa setiap bulan sampai kepada anda dalam tempoh tiga hari bekerja selepas penyewa membayar.

Ada soalan? Lihat [soalan lazim tuan rumah](/my/learn/landlord-faq).`,
    },
    {
      title: '房东使用流程',
      description: '从刊登房子到收到租金的五个步骤，以及每一步需要你做什么。',
      body: `1. **刊登房子**：照片、租金、家具配置和可入住日期，大约十分钟完成。
2. **我们审核**，通常在一个工作日内，随后以英文、马来文和中文上线。
3. **聊天与带看**：你回复租客并确认看房时间，或由我们的代看房人员替你带看。
4. **选择租客**：租客支付 RM500 预订费，你保留单位七天，期间由我们审核租客。
5. **签约收租**：在线签署租约，租客每月付款后三个工作日内租金到账。

有疑问？请看[房东常见问题](/zh/learn/landlord-faq)。`,
    },
  ),
  page(
    'landlord-video',
    'LANDLORD',
    {
      title: 'Recording a video tour of your home',
      description: 'A one-minute video tour brings more serious enquiries. How to film one with your phone.',
      body: `Listings with a video tour get more questions from tenants who have already decided they like the home. You can add one when you post or edit your listing.

## Film it in one minute

- Hold the phone horizontally and walk slowly, starting at the front door.
- Go through the living room, the kitchen, each bedroom and each bathroom, in the order a visitor would.
- Film in daylight with every light on and the curtains open.
- End on the view or the building's facilities.

## Keep it honest

Show the home as it is today. A tenant who is surprised at the viewing will not apply, and a misleading listing can be reported.

Videos up to 100 MB in MP4, WebM or MOV are accepted.`,
    },
    {
      title: 'Merakam video lawatan rumah anda',
      description: 'Video lawatan seminit membawa pertanyaan yang lebih serius. Cara merakamnya dengan telefon anda.',
      body: `Iklan dengan video lawatan menerima lebih banyak soalan daripada penyewa yang sudah menyukai rumah itu. Anda boleh menambahnya ketika mengiklankan atau menyunting iklan.

## Rakam dalam seminit

- Pegang telefon secara melintang dan berjalan perlahan, bermula dari pintu depan.
- Lalui ruang tamu, dapur, setiap bilik tidur dan setiap bilik air, mengikut urutan seorang pelawat.
- Rakam pada waktu siang dengan semua lampu dinyalakan dan langsir dibuka.
- Akhiri dengan pemandangan atau kemudahan bangunan.

## Kekal jujur

Tunjukkan rumah seperti keadaannya hari ini. Penyewa yang terkejut ketika lawatan tidak akan memohon, dan iklan yang mengelirukan boleh dilaporkan.

Video sehingga 100 MB dalam format MP4, WebM atau MOV diterima.`,
    },
    {
      title: '为房子录制视频导览',
      description: '一分钟的视频导览能带来更认真的询问。教你用手机拍摄。',
      body: `有视频导览的房源，会收到更多已经喜欢这间房子的租客的询问。你可以在刊登或修改房源时加入视频。

## 一分钟拍好

- 横拿手机，从大门开始慢慢走。
- 按访客的顺序走过客厅、厨房、每间卧室和每间浴室。
- 在白天拍摄，打开所有灯并拉开窗帘。
- 以景观或公寓设施作结尾。

## 保持真实

呈现房子现在的样子。看房时感到意外的租客不会申请，而误导性的房源也会被举报。

接受 MP4、WebM 或 MOV 格式、最大 100 MB 的视频。`,
    },
  ),
  page(
    'service-rental-collection',
    'LANDLORD',
    {
      title: 'Rental collection',
      description: 'We invoice your tenant, collect the rent by card or FPX, and pay you within three working days.',
      body: `Stop chasing rent. With rental collection, your tenant receives an invoice seven days before each due date and pays by card or FPX online banking.

## How it works

1. We email the invoice seven days before the due date.
2. The tenant pays online; a failed card payment is retried within three days, and the tenant is told within 24 hours.
3. You receive the rent within three working days. Weekends and Selangor public holidays are not working days.

## What it costs

A processing fee of 1.88% of the rent collected. No sign-up fee, no monthly fee.

You can follow every invoice from your dashboard.`,
    },
    {
      title: 'Kutipan sewa',
      description:
        'Kami menghantar invois kepada penyewa anda, mengutip sewa melalui kad atau FPX, dan membayar anda dalam tempoh tiga hari bekerja.',
      body: `Tidak perlu lagi mengejar sewa. Dengan kutipan sewa, penyewa anda menerima invois tujuh hari sebelum setiap tarikh akhir dan membayar dengan kad atau perbankan dalam talian FPX.

## Cara ia berfungsi

1. Kami menghantar invois melalui e-mel tujuh hari sebelum tarikh akhir.
2. Penyewa membayar dalam talian; bayaran kad yang gagal dicuba semula dalam tempoh tiga hari, dan penyewa dimaklumkan dalam tempoh 24 jam.
3. Anda menerima sewa dalam tempoh tiga hari bekerja. Hujung minggu dan cuti umum Selangor bukan hari bekerja.

## Kosnya

Yuran pemprosesan 1.88% daripada sewa yang dikutip. Tiada yuran pendaftaran, tiada yuran bulanan.

Anda boleh mengikuti setiap invois daripada papan pemuka anda.`,
    },
    {
      title: '代收租金',
      description: '我们向租客发出账单，通过信用卡或 FPX 收取租金，并在三个工作日内转给你。',
      body: `不用再追租。使用代收租金服务，租客会在每个到期日前七天收到账单，并以信用卡或 FPX 网上银行付款。

## 运作方式

1. 我们在到期日前七天以电邮发出账单。
2. 租客在线付款；信用卡付款失败会在三天内重试，并在 24 小时内通知租客。
3. 你在三个工作日内收到租金。周末和雪兰莪州公共假期不算工作日。

## 费用

按代收租金收取 1.88% 手续费。没有登记费，也没有月费。

你可以在仪表板上查看每一张账单。`,
    },
  ),
];
