import type { SeedEntry } from './types.ts';

/** FAQs: each question is a level-two heading followed by its answer (the web reads them as FAQPage data). */
export const FAQS: SeedEntry[] = [
  {
    key: 'tenant-faq',
    kind: 'FAQ',
    audience: 'TENANT',
    words: {
      en: {
        slug: 'tenant-faq',
        title: 'Questions tenants ask',
        description: 'Deposits, fees, screening, viewings and what happens if something goes wrong: answers for tenants.',
        body: `## Do I really pay no deposit?

Yes. You pay the first month's rent and a signing fee of RM399 plus SST. No security deposit and no utility deposit.

## What is the booking fee for?

It shows the landlord you are serious, so they hold the home for you. The RM500 is credited to your first invoice, and refunded if you fail screening, if the landlord cancels, or if you cancel within 24 hours.

## Why do I need a credit check?

Landlords accept tenants without a deposit because we check them first. The report needs your consent and your IC, and it does not lower your credit score.

## Can I end my tenancy early?

Your agreement sets the notice period. Tell the landlord in the chat as early as you can; leaving without notice may cost you the rent for the notice period.

## What if the landlord asks me for a deposit?

Do not pay. Report the chat ("Landlord is asking for deposit"); confirmed cases get the landlord's account banned.`,
      },
      ms: {
        slug: 'tenant-faq',
        title: 'Soalan lazim penyewa',
        description: 'Deposit, yuran, saringan, lawatan dan apa yang berlaku jika ada masalah: jawapan untuk penyewa.',
        body: `## Adakah saya benar-benar tidak perlu membayar deposit?

Ya. Anda membayar sewa bulan pertama dan yuran perjanjian sewa RM399 serta SST. Tiada deposit keselamatan dan tiada deposit utiliti.

## Untuk apa yuran tempahan?

Ia menunjukkan kepada tuan rumah bahawa anda serius, jadi mereka menyimpan rumah itu untuk anda. RM500 itu dikreditkan ke invois pertama anda, dan dipulangkan jika anda tidak lulus saringan, jika tuan rumah membatalkan, atau jika anda membatalkan dalam tempoh 24 jam.

## Mengapa saya perlu semakan kredit?

Tuan rumah menerima penyewa tanpa deposit kerana kami menyemak mereka dahulu. Laporan itu memerlukan persetujuan dan kad pengenalan anda, dan ia tidak menurunkan skor kredit anda.

## Bolehkah saya menamatkan sewaan lebih awal?

Perjanjian anda menetapkan tempoh notis. Maklumkan tuan rumah dalam sembang seawal mungkin; keluar tanpa notis mungkin menyebabkan anda perlu membayar sewa bagi tempoh notis.

## Bagaimana jika tuan rumah meminta deposit?

Jangan bayar. Laporkan sembang itu ("Tuan rumah meminta deposit"); kes yang disahkan menyebabkan akaun tuan rumah itu disekat.`,
      },
      zh: {
        slug: 'tenant-faq',
        title: '租客常见问题',
        description: '押金、费用、审核、看房，以及出问题时怎么办：给租客的解答。',
        body: `## 真的不用付押金吗？

是的。你只需支付首月租金和 RM399 租约费加 SST。没有押金，也没有水电押金。

## 预订费是做什么用的？

它让房东知道你是认真的，所以房东会为你保留房子。这 RM500 会抵扣你的第一张账单；如果你没有通过审核、房东取消，或你在 24 小时内取消，都会退还。

## 为什么需要信用审核？

房东愿意接受没有押金的租客，是因为我们事先审核过。报告需要你的同意和身份证，而且不会降低你的信用评分。

## 可以提前退租吗？

通知期以你的租约为准。请尽早在聊天中告诉房东；不通知就搬走，可能需要支付通知期的租金。

## 如果房东向我收押金怎么办？

不要付。请举报该聊天（"房东要求押金"）；一经证实，房东的账号会被封禁。`,
      },
    },
  },
  {
    key: 'landlord-faq',
    kind: 'FAQ',
    audience: 'LANDLORD',
    words: {
      en: {
        slug: 'landlord-faq',
        title: 'Questions landlords ask',
        description: 'Costs, screening, protection and getting paid: answers for owners renting out a home on Kunci.',
        body: `## How much does it cost to list?

Nothing. Posting, editing and extending a listing are free. We earn from the tenant's signing fee and the optional services you choose.

## Who checks the tenant?

We do: a credit report and documents that fit the tenant's profile, such as payslips and bank statements. You see the result before the agreement is signed.

## What if the tenant damages the home or stops paying?

Choose a landlord protection plan. It covers loss of rent, damage and, with Protect Plus, an overstaying tenant, up to RM42,000.

## When am I paid?

With rental collection, within three working days of the tenant paying. Weekends and Selangor public holidays are not working days.

## Can I choose my tenant?

Yes. You talk to every applicant in the chat and you decide who to accept. You may not turn someone away for their race.`,
      },
      ms: {
        slug: 'landlord-faq',
        title: 'Soalan lazim tuan rumah',
        description: 'Kos, saringan, perlindungan dan bayaran: jawapan untuk pemilik yang menyewakan rumah di Kunci.',
        body: `## Berapakah kos untuk mengiklankan?

Percuma. Mengiklankan, menyunting dan melanjutkan iklan tidak dikenakan bayaran. Kami memperoleh pendapatan daripada yuran perjanjian sewa penyewa dan perkhidmatan pilihan yang anda pilih.

## Siapa yang menyemak penyewa?

Kami: laporan kredit dan dokumen mengikut profil penyewa, seperti slip gaji dan penyata bank. Anda melihat keputusannya sebelum perjanjian ditandatangani.

## Bagaimana jika penyewa merosakkan rumah atau berhenti membayar?

Pilih pelan perlindungan tuan rumah. Ia meliputi kehilangan sewa, kerosakan dan, dengan Protect Plus, penyewa yang enggan keluar, sehingga RM42,000.

## Bilakah saya dibayar?

Dengan kutipan sewa, dalam tempoh tiga hari bekerja selepas penyewa membayar. Hujung minggu dan cuti umum Selangor bukan hari bekerja.

## Bolehkah saya memilih penyewa?

Boleh. Anda bercakap dengan setiap pemohon dalam sembang dan anda memutuskan siapa yang diterima. Anda tidak boleh menolak seseorang kerana kaumnya.`,
      },
      zh: {
        slug: 'landlord-faq',
        title: '房东常见问题',
        description: '费用、租客审核、保障和收租：给在 Kunci 出租房子的屋主的解答。',
        body: `## 刊登房源要多少钱？

免费。刊登、修改和延长房源都不收费。我们的收入来自租客的租约费，以及你自选的服务。

## 谁来审核租客？

由我们负责：信用报告，以及符合租客身份的文件，例如薪水单和银行账单。签约前你就能看到结果。

## 如果租客损坏房子或不付租怎么办？

选择房东保障计划。它保障租金损失、损坏，以及（Protect Plus）霸租，最高 RM42,000。

## 什么时候收到租金？

使用代收租金服务时，租客付款后三个工作日内到账。周末和雪兰莪州公共假期不算工作日。

## 我可以自己挑选租客吗？

可以。你会在聊天中与每位申请者交谈，由你决定接受谁。但你不能因为种族而拒绝任何人。`,
      },
    },
  },
  {
    key: 'faq-area-bangsar',
    kind: 'FAQ',
    areaSlug: 'bangsar',
    words: {
      en: {
        slug: 'bangsar',
        title: 'Renting in Bangsar: questions and answers',
        description: 'Transport, typical rents and daily life in Bangsar, Kuala Lumpur, for people about to rent there.',
        body: `## How do I get around from Bangsar?

The Bangsar LRT station (Kelana Jaya line) is one stop from KL Sentral, where the MRT, KTM and the airport train meet. Bangsar South has its own stations at Kerinchi and Universiti. Jalan Maarof and the Federal Highway jam at rush hour, so living near a station matters.

## What does a home cost to rent?

As a guide, a room rents from about RM800 to RM1,500, a one-bedroom condo in Bangsar South from about RM1,800, and a three-bedroom condo in Bangsar Baru from about RM3,500 to RM6,000. Landed homes in the older streets cost more.

## What is there nearby?

Bangsar Village and Bangsar Shopping Centre, the Telawi cafés and bars, Pantai Hospital, and the Sunday night market at Jalan Telawi. The Kiara and Bukit Kerinchi trails are a short drive away.

## Is it good for families?

Yes, if you choose carefully: the quieter streets of Bukit Bandaraya are close to international and national schools, but parking near the commercial centre is hard in the evening.`,
      },
      ms: {
        slug: 'bangsar',
        title: 'Menyewa di Bangsar: soalan dan jawapan',
        description: 'Pengangkutan, sewa biasa dan kehidupan harian di Bangsar, Kuala Lumpur, untuk mereka yang mahu menyewa di sana.',
        body: `## Bagaimana hendak bergerak dari Bangsar?

Stesen LRT Bangsar (laluan Kelana Jaya) hanya satu hentian dari KL Sentral, tempat MRT, KTM dan kereta api lapangan terbang bertemu. Bangsar South mempunyai stesen sendiri di Kerinchi dan Universiti. Jalan Maarof dan Lebuhraya Persekutuan sesak pada waktu puncak, jadi tinggal berhampiran stesen amat penting.

## Berapakah sewa rumah di sana?

Sebagai panduan, bilik disewa dari kira-kira RM800 hingga RM1,500, kondominium satu bilik di Bangsar South dari kira-kira RM1,800, dan kondominium tiga bilik di Bangsar Baru dari kira-kira RM3,500 hingga RM6,000. Rumah teres di jalan-jalan lama lebih mahal.

## Apa yang ada berdekatan?

Bangsar Village dan Bangsar Shopping Centre, kafe dan bar di Telawi, Hospital Pantai, dan pasar malam hari Ahad di Jalan Telawi. Denai Kiara dan Bukit Kerinchi hanya sebentar dengan kereta.

## Adakah ia sesuai untuk keluarga?

Ya, jika anda memilih dengan teliti: jalan-jalan yang lebih tenang di Bukit Bandaraya berhampiran sekolah antarabangsa dan sekolah kebangsaan, tetapi tempat letak kereta berhampiran pusat komersial sukar didapati pada waktu petang.`,
      },
      zh: {
        slug: 'bangsar',
        title: '在孟沙租房：问与答',
        description: '孟沙（吉隆坡）的交通、一般租金和日常生活，给准备在那里租房的人。',
        body: `## 住在孟沙，交通方便吗？

孟沙 LRT 站（格拉那再也线）距离吉隆坡中央车站只有一站，那里连接 MRT、KTM 和机场快铁。孟沙南城在 Kerinchi 和 Universiti 也有自己的车站。Jalan Maarof 和联邦大道在高峰时段塞车，所以住得靠近车站很重要。

## 租金大概多少？

供参考：房间月租约 RM800 至 RM1,500，孟沙南城的一房公寓约 RM1,800 起，孟沙新村的三房公寓约 RM3,500 至 RM6,000。老街区的有地住宅更贵。

## 附近有什么？

Bangsar Village 和 Bangsar Shopping Centre、Telawi 一带的咖啡馆和酒吧、班台医院，以及 Jalan Telawi 的星期天夜市。Kiara 和 Bukit Kerinchi 的登山步道开车不远。

## 适合家庭居住吗？

适合，只要选对地点：Bukit Bandaraya 较安静的街道靠近国际学校和国民学校，但商业区附近傍晚很难找停车位。`,
      },
    },
  },
  {
    key: 'faq-area-mont-kiara',
    kind: 'FAQ',
    areaSlug: 'mont-kiara',
    words: {
      en: {
        slug: 'mont-kiara',
        title: 'Renting in Mont Kiara: questions and answers',
        description: 'Transport, typical rents, schools and amenities in Mont Kiara, Kuala Lumpur.',
        body: `## Is there a train station in Mont Kiara?

No. The nearest MRT stations are Semantan and Pusat Bandar Damansara, a short drive or Grab ride away, and some condos run shuttle buses to them. Most residents drive; the Sprint and DUKE highways connect to the city centre and Petaling Jaya.

## What does a condo cost to rent?

As a guide, a fully furnished two-bedroom condo rents from about RM3,000 to RM4,500 and a three-bedroom from about RM4,000 to RM7,000. Older blocks near Jalan Kiara cost less than the newer towers.

## What is there nearby?

Publika and 163 Retail Park for groceries and restaurants, Plaza Mont Kiara, several international schools (such as Mont'Kiara International School and Garden International School), and Sunday markets at Publika.

## Are the condos suitable for pets?

Some are, many are not: each building's rules decide. Check the listing's "Pets allowed" field and ask the landlord to confirm the management's rules in writing.`,
      },
      ms: {
        slug: 'mont-kiara',
        title: 'Menyewa di Mont Kiara: soalan dan jawapan',
        description: 'Pengangkutan, sewa biasa, sekolah dan kemudahan di Mont Kiara, Kuala Lumpur.',
        body: `## Adakah stesen kereta api di Mont Kiara?

Tiada. Stesen MRT terdekat ialah Semantan dan Pusat Bandar Damansara, sebentar sahaja dengan kereta atau Grab, dan sesetengah kondominium menyediakan bas ulang-alik ke sana. Kebanyakan penduduk memandu; lebuh raya Sprint dan DUKE menghubungkan ke pusat bandar dan Petaling Jaya.

## Berapakah sewa kondominium?

Sebagai panduan, kondominium dua bilik berperabot penuh disewa dari kira-kira RM3,000 hingga RM4,500 dan tiga bilik dari kira-kira RM4,000 hingga RM7,000. Blok lama berhampiran Jalan Kiara lebih murah daripada menara baharu.

## Apa yang ada berdekatan?

Publika dan 163 Retail Park untuk barangan runcit dan restoran, Plaza Mont Kiara, beberapa sekolah antarabangsa (seperti Mont'Kiara International School dan Garden International School), dan pasar hari Ahad di Publika.

## Adakah kondominium di sini membenarkan haiwan peliharaan?

Sesetengahnya ya, banyak yang tidak: peraturan setiap bangunan yang menentukan. Semak ruangan "Haiwan peliharaan dibenarkan" dalam iklan dan minta tuan rumah mengesahkan peraturan pengurusan secara bertulis.`,
      },
      zh: {
        slug: 'mont-kiara',
        title: '在满家乐租房：问与答',
        description: '满家乐（吉隆坡）的交通、一般租金、学校与生活设施。',
        body: `## 满家乐有火车站吗？

没有。最近的 MRT 站是 Semantan 和 Pusat Bandar Damansara，开车或搭 Grab 很快就到，有些公寓也提供接驳巴士。大部分居民开车；Sprint 和 DUKE 大道连接市中心和八打灵再也。

## 公寓租金多少？

供参考：全配套两房公寓月租约 RM3,000 至 RM4,500，三房约 RM4,000 至 RM7,000。Jalan Kiara 附近的旧公寓比新大楼便宜。

## 附近有什么？

Publika 和 163 Retail Park 可买菜和用餐，还有 Plaza Mont Kiara、多所国际学校（例如 Mont'Kiara International School 和 Garden International School），以及 Publika 的星期天市集。

## 公寓可以养宠物吗？

有些可以，很多不行：由各公寓的管理规定决定。请查看房源的"允许养宠物"一栏，并请房东以书面确认管理层的规定。`,
      },
    },
  },
  {
    key: 'faq-area-petaling-jaya',
    kind: 'FAQ',
    areaSlug: 'petaling-jaya',
    words: {
      en: {
        slug: 'petaling-jaya',
        title: 'Renting in Petaling Jaya: questions and answers',
        description: 'Transport, typical rents and neighbourhoods of Petaling Jaya, Selangor.',
        body: `## Which part of PJ should I look at?

It depends on where you work. Section 14, 17 and SS2 are central and well served by buses; Damansara Utama and Uptown suit people working in Damansara or Mutiara Damansara; Kelana Jaya and Ara Damansara are close to Subang Airport and the LRT.

## How is public transport?

The LRT Kelana Jaya line runs through Taman Jaya, Asia Jaya, Taman Paramount and Kelana Jaya, and the MRT Kajang line through Mutiara Damansara and Bandar Utama. The free PJ City buses link many neighbourhoods to the stations.

## What does a home cost to rent?

As a guide, rooms from about RM600 to RM1,000, a two-bedroom apartment from about RM1,500 to RM2,200, and a three-bedroom condo from about RM2,200 to RM3,500. Terrace houses in the older sections rent from about RM2,000.

## What is there nearby?

Paradigm Mall, 1 Utama and Jaya One, the SS2 food streets, University Malaya Medical Centre and Assunta Hospital.`,
      },
      ms: {
        slug: 'petaling-jaya',
        title: 'Menyewa di Petaling Jaya: soalan dan jawapan',
        description: 'Pengangkutan, sewa biasa dan kawasan kejiranan di Petaling Jaya, Selangor.',
        body: `## Bahagian PJ yang mana patut saya lihat?

Bergantung pada tempat kerja anda. Seksyen 14, 17 dan SS2 terletak di tengah dan mempunyai banyak laluan bas; Damansara Utama dan Uptown sesuai untuk mereka yang bekerja di Damansara atau Mutiara Damansara; Kelana Jaya dan Ara Damansara berhampiran Lapangan Terbang Subang dan LRT.

## Bagaimana dengan pengangkutan awam?

LRT laluan Kelana Jaya melalui Taman Jaya, Asia Jaya, Taman Paramount dan Kelana Jaya, dan MRT laluan Kajang melalui Mutiara Damansara dan Bandar Utama. Bas percuma PJ City menghubungkan banyak kawasan kejiranan ke stesen.

## Berapakah sewa rumah?

Sebagai panduan, bilik dari kira-kira RM600 hingga RM1,000, pangsapuri dua bilik dari kira-kira RM1,500 hingga RM2,200, dan kondominium tiga bilik dari kira-kira RM2,200 hingga RM3,500. Rumah teres di seksyen lama disewa dari kira-kira RM2,000.

## Apa yang ada berdekatan?

Paradigm Mall, 1 Utama dan Jaya One, deretan kedai makan SS2, Pusat Perubatan Universiti Malaya dan Hospital Assunta.`,
      },
      zh: {
        slug: 'petaling-jaya',
        title: '在八打灵再也租房：问与答',
        description: '八打灵再也（雪兰莪）的交通、一般租金与各个住宅区。',
        body: `## 应该看八打灵的哪一区？

看你在哪里上班。14 区、17 区和 SS2 位于中心地带，巴士路线多；Damansara Utama 和 Uptown 适合在白沙罗或 Mutiara Damansara 上班的人；格拉那再也和 Ara Damansara 靠近梳邦机场和 LRT。

## 公共交通如何？

LRT 格拉那再也线经过 Taman Jaya、Asia Jaya、Taman Paramount 和格拉那再也，MRT 加影线经过 Mutiara Damansara 和万达镇。免费的 PJ City 巴士把许多住宅区连接到车站。

## 租金多少？

供参考：房间约 RM600 至 RM1,000，两房公寓约 RM1,500 至 RM2,200，三房公寓约 RM2,200 至 RM3,500。老区的排屋月租约 RM2,000 起。

## 附近有什么？

Paradigm Mall、1 Utama 和 Jaya One、SS2 美食街、马大医药中心和亚松达医院。`,
      },
    },
  },
  {
    key: 'faq-area-cheras',
    kind: 'FAQ',
    areaSlug: 'cheras',
    words: {
      en: {
        slug: 'cheras',
        title: 'Renting in Cheras: questions and answers',
        description: 'Transport, typical rents and everyday life in Cheras, one of the Klang Valley’s most affordable areas.',
        body: `## How do I get to the city centre from Cheras?

The MRT Kajang line runs the length of Cheras (Taman Connaught, Taman Mutiara, Taman Midah and more) to Bukit Bintang in about 20 minutes. The Cheras–Kajang Highway and the Grand Saga highway carry most of the car traffic.

## What does a home cost to rent?

Cheras is one of the more affordable areas: rooms from about RM450 to RM800, a three-bedroom apartment from about RM1,200 to RM1,800, and a condo near an MRT station from about RM1,600 to RM2,500.

## What is there nearby?

EkoCheras and Cheras LeisureMall, the Taman Connaught night market (one of the longest in Kuala Lumpur, on Wednesdays), Hospital Canselor Tuanku Muhriz (HUKM) and plenty of local food.

## What should I watch out for?

Some low-lying parts flood in heavy rain, and older flats may not have lifts. Ask about both before you book a viewing.`,
      },
      ms: {
        slug: 'cheras',
        title: 'Menyewa di Cheras: soalan dan jawapan',
        description: 'Pengangkutan, sewa biasa dan kehidupan harian di Cheras, antara kawasan paling mampu milik di Lembah Klang.',
        body: `## Bagaimana hendak ke pusat bandar dari Cheras?

MRT laluan Kajang merentasi Cheras (Taman Connaught, Taman Mutiara, Taman Midah dan lain-lain) ke Bukit Bintang dalam kira-kira 20 minit. Lebuhraya Cheras–Kajang dan lebuh raya Grand Saga menampung kebanyakan lalu lintas kereta.

## Berapakah sewa rumah?

Cheras antara kawasan yang lebih mampu milik: bilik dari kira-kira RM450 hingga RM800, pangsapuri tiga bilik dari kira-kira RM1,200 hingga RM1,800, dan kondominium berhampiran stesen MRT dari kira-kira RM1,600 hingga RM2,500.

## Apa yang ada berdekatan?

EkoCheras dan Cheras LeisureMall, pasar malam Taman Connaught (antara yang terpanjang di Kuala Lumpur, setiap Rabu), Hospital Canselor Tuanku Muhriz (HUKM) dan banyak makanan tempatan.

## Apa yang perlu diberi perhatian?

Sesetengah kawasan rendah dilanda banjir ketika hujan lebat, dan flat lama mungkin tiada lif. Tanya tentang kedua-duanya sebelum menempah lawatan.`,
      },
      zh: {
        slug: 'cheras',
        title: '在蕉赖租房：问与答',
        description: '蕉赖的交通、一般租金和日常生活；这里是巴生谷租金较实惠的地区之一。',
        body: `## 从蕉赖怎么去市中心？

MRT 加影线贯穿蕉赖（Taman Connaught、Taman Mutiara、Taman Midah 等），约 20 分钟可到武吉免登。蕉赖—加影大道和 Grand Saga 大道承载了大部分车流。

## 租金多少？

蕉赖的租金比较实惠：房间约 RM450 至 RM800，三房组屋式公寓约 RM1,200 至 RM1,800，靠近 MRT 站的共管公寓约 RM1,600 至 RM2,500。

## 附近有什么？

EkoCheras 和 Cheras LeisureMall、康乐花园夜市（吉隆坡最长的夜市之一，逢星期三）、国大医院（HUKM），还有很多本地美食。

## 需要注意什么？

部分低洼地区大雨时会淹水，旧式组屋可能没有电梯。预约看房前最好两样都问清楚。`,
      },
    },
  },
  {
    key: 'faq-area-subang-jaya',
    kind: 'FAQ',
    areaSlug: 'subang-jaya',
    words: {
      en: {
        slug: 'subang-jaya',
        title: 'Renting in Subang Jaya: questions and answers',
        description: 'Transport, typical rents, universities and amenities in Subang Jaya, Selangor.',
        body: `## How is transport in Subang Jaya?

The LRT Kelana Jaya line serves USJ, Taipan and SS15, and the Subang Jaya station links it with the KTM Port Klang line and the train to Subang Airport. The BRT Sunway line connects Sunway with USJ 7. The Federal Highway and the ELITE and KESAS highways are close by.

## Is it a good place for students?

Yes. Sunway University, Monash University Malaysia and Taylor's University are here, so rooms and shared units near SS15 and Sunway are plentiful, from about RM500 to RM900 a room.

## What does a family home cost?

As a guide, a three-bedroom condo rents from about RM1,800 to RM3,000 and a terrace house in USJ from about RM1,800 to RM2,800.

## What is there nearby?

Sunway Pyramid and Sunway Lagoon, Subang Parade, Summit USJ, Sunway Medical Centre and Subang Jaya Medical Centre, and the SS15 food streets.`,
      },
      ms: {
        slug: 'subang-jaya',
        title: 'Menyewa di Subang Jaya: soalan dan jawapan',
        description: 'Pengangkutan, sewa biasa, universiti dan kemudahan di Subang Jaya, Selangor.',
        body: `## Bagaimana pengangkutan di Subang Jaya?

LRT laluan Kelana Jaya melalui USJ, Taipan dan SS15, dan stesen Subang Jaya menghubungkannya dengan KTM laluan Pelabuhan Klang serta kereta api ke Lapangan Terbang Subang. BRT laluan Sunway menghubungkan Sunway dengan USJ 7. Lebuhraya Persekutuan, ELITE dan KESAS berdekatan.

## Adakah ia sesuai untuk pelajar?

Ya. Universiti Sunway, Universiti Monash Malaysia dan Universiti Taylor's terletak di sini, jadi bilik dan unit kongsi berhampiran SS15 dan Sunway mudah didapati, dari kira-kira RM500 hingga RM900 sebilik.

## Berapakah sewa rumah keluarga?

Sebagai panduan, kondominium tiga bilik disewa dari kira-kira RM1,800 hingga RM3,000 dan rumah teres di USJ dari kira-kira RM1,800 hingga RM2,800.

## Apa yang ada berdekatan?

Sunway Pyramid dan Sunway Lagoon, Subang Parade, Summit USJ, Pusat Perubatan Sunway dan Pusat Perubatan Subang Jaya, serta deretan kedai makan SS15.`,
      },
      zh: {
        slug: 'subang-jaya',
        title: '在梳邦再也租房：问与答',
        description: '梳邦再也（雪兰莪）的交通、一般租金、大学与生活设施。',
        body: `## 梳邦再也的交通如何？

LRT 格拉那再也线经过 USJ、Taipan 和 SS15，梳邦再也站连接 KTM 巴生港线以及前往梳邦机场的列车。BRT 双威线连接双威与 USJ 7。联邦大道、ELITE 和 KESAS 大道都在附近。

## 适合学生居住吗？

适合。双威大学、莫纳什大学马来西亚分校和泰莱大学都在这里，所以 SS15 和双威一带有很多房间和合租单位，每间房约 RM500 至 RM900。

## 家庭住房的租金多少？

供参考：三房公寓约 RM1,800 至 RM3,000，USJ 的排屋约 RM1,800 至 RM2,800。

## 附近有什么？

双威金字塔和双威水上乐园、Subang Parade、Summit USJ、双威医药中心和梳邦再也医药中心，还有 SS15 美食街。`,
      },
    },
  },
];
